// The order's fiscal receipt (54-FZ), made from the order by this one module: what a payment provider sends
// to its cash register for a payment (the sale) and for a refund (the sale's positions given back). Amounts
// are kopecks. Each goods line carries its price after the order's discounts (the promo code and the bonus
// points), spread over the goods lines by their sums so that the receipt adds up to the kopeck; a line whose
// share does not divide by its quantity becomes two positions (some units a kopeck dearer), because a
// position's amount must be its unit price times its quantity. The receipt of a card payment holds exactly
// what the card pays (the bank's rule: the positions add up to the sum it moves): when a gift card paid the
// rest, each goods position and delivery carries the card's share of its price, as a partial prepayment; a
// gift certificate sold is an advance, always paid whole by the card (a gift card never pays one). Pure: the
// provider maps it to its own format (payments/sberbank-receipt.ts).
import type { OrderItemRow, OrderRow } from './orders-sql.ts';
import { METHOD_NAMES, type DeliveryMethod } from './delivery.ts';
import type { VatRate } from '../config.ts';

/** What a position is to the tax office: goods, a service (delivery), or an advance (a gift certificate sold). */
export type ReceiptLineKind = 'commodity' | 'service' | 'advance';

/**
 * How a position is settled (FFD's «признак способа расчёта»): all of its price paid before the goods leave,
 * part of it (the rest comes from a gift card's advance), an advance for goods chosen later (a certificate),
 * or the full payment when the prepaid goods are handed over (the closing receipt).
 */
export type ReceiptMethod = 'full_prepayment' | 'partial_prepayment' | 'advance' | 'full_payment';

export interface ReceiptLine {
  /** The position's number in the sale, from 1; a refund's positions keep the sale's numbers. */
  position: number;
  /** Unique in the receipt: the line's ext_id (a second position of the same line adds "/2"), or "delivery". */
  code: string;
  /** The order line's ext_id, so a refund finds the positions of a returned line. */
  line: string;
  name: string;
  quantity: number;
  /** Kopecks a unit, after discounts. */
  price: number;
  /** Kopecks: price × quantity. */
  amount: number;
  kind: ReceiptLineKind;
  method: ReceiptMethod;
}

export interface Receipt {
  /** A sale, or a refund of (some of) a sale's positions. */
  type: 'sell' | 'sell_refund';
  customer: { email: string; phone: string; name: string };
  vat: VatRate;
  lines: ReceiptLine[];
  /** Kopecks: the sum of the lines. */
  total: number;
  /** Kopecks paid (or given back) by card through the provider. */
  card: number;
  /** Kopecks of an earlier advance offset; card + prepaid = total (0 on a card payment's receipt and its refunds). */
  prepaid: number;
}

/** A position's name on the receipt: the provider's cash registers take up to this many characters. */
const NAME_MAX = 100;

const lineName = (i: OrderItemRow): string => {
  const name = [i.name, i.color, i.size].filter(Boolean).join(', ');
  return name.length > NAME_MAX ? `${name.slice(0, NAME_MAX - 1)}…` : name;
};

/**
 * Spreads `whole` kopecks over the weights in proportion, exactly: each share rounded down, the kopecks left
 * given one each to the largest remainders (the earlier line on a tie). Written here because it is a few
 * lines of integer arithmetic (BigInt: an order's kopecks times a line's kopecks may pass 2^53).
 */
export function spread(whole: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((s, w) => s + w, 0);
  if (sum === 0 || whole === 0) return weights.map(() => 0);
  const W = BigInt(sum);
  const parts = weights.map((w, i) => {
    const exact = BigInt(whole) * BigInt(w);
    return { i, share: Number(exact / W), rest: exact % W };
  });
  let left = whole - parts.reduce((s, p) => s + p.share, 0);
  for (const p of [...parts].sort((a, b) => (a.rest === b.rest ? a.i - b.i : a.rest > b.rest ? -1 : 1))) {
    if (left === 0) break;
    p.share += 1;
    left -= 1;
  }
  return parts.map((p) => p.share);
}

/**
 * `whole` spread over the weights as `spread` does, no part above its cap: what a capped part cannot take goes
 * to the others by their weights, again and again. Needs `whole` ≤ the caps' sum.
 */
export function spreadWithin(whole: number, weights: readonly number[], caps: readonly number[]): number[] {
  const parts = weights.map(() => 0);
  let left = whole;
  for (let round = 0; left > 0 && round <= weights.length; round++) {
    const open = weights.map((w, i) => (parts[i]! < caps[i]! ? w : 0));
    const more = spread(left, open);
    for (let i = 0; i < parts.length; i++) {
      const take = Math.min(more[i]!, caps[i]! - parts[i]!);
      parts[i]! += take;
      left -= take;
    }
  }
  if (left > 0) throw new Error(`${whole} does not fit under the caps ${caps.join(', ')}`);
  return parts;
}

/** A position before it is numbered in its receipt. */
type Unnumbered = Omit<ReceiptLine, 'position'>;

/** One order line as positions whose amounts are unit price × quantity: one, or two when the amount does not divide. */
function positions(item: OrderItemRow, amount: number, kind: ReceiptLineKind, method: ReceiptMethod): Unnumbered[] {
  const q = item.quantity;
  const unit = Math.floor(amount / q);
  const dearer = amount - unit * q; // units a kopeck dearer
  const base = { line: item.ext_id, name: lineName(item), kind, method };
  const out: Unnumbered[] = [];
  if (q - dearer > 0 && unit > 0) out.push({ ...base, code: item.ext_id, quantity: q - dearer, price: unit, amount: unit * (q - dearer) });
  if (dearer > 0)
    out.push({
      ...base,
      code: out.length ? `${item.ext_id}/2` : item.ext_id,
      quantity: dearer,
      price: unit + 1,
      amount: (unit + 1) * dearer,
    });
  return out;
}

/**
 * The receipt of a card payment of `card` kopecks: every line at its price after the promo code and the points
 * (certificates as advances), delivery as a service, the buyer's e-mail and phone. When the card pays the whole
 * order, each position is a full prepayment; when a gift card paid part of it, the card's money (less the
 * certificates, which it pays whole) is spread over the goods and delivery by their prices, each a partial
 * prepayment, so that the positions add up to what the card pays. `card` = the order's total gives the
 * value of every line (the exchange and the returns read it so).
 */
export function saleReceipt(
  order: Pick<
    OrderRow,
    'buyer_email' | 'buyer_phone' | 'buyer_fio' | 'promo_discount' | 'bonus_spent' | 'delivery_method' | 'delivery_price' | 'total'
  >,
  items: readonly OrderItemRow[],
  vat: VatRate,
  card: number,
): Receipt {
  const goods = items.filter((i) => i.gift_certificate_id === null);
  const discounts = spread(
    (order.promo_discount + order.bonus_spent) * 100,
    goods.map((i) => i.price * i.quantity * 100),
  );
  /** Each order line (and delivery) with what it costs after the discounts. */
  const priced = items.map((item) => {
    const isGoods = item.gift_certificate_id === null;
    const value = item.price * item.quantity * 100 - (isGoods ? discounts[goods.indexOf(item)]! : 0);
    return { item, value, kind: (isGoods ? 'commodity' : 'advance') as ReceiptLineKind };
  });
  const whole = priced.reduce((s, p) => s + p.value, 0) + order.delivery_price * 100;
  if (whole !== order.total * 100) throw new Error(`the receipt adds up to ${whole} kopecks, the order's total is ${order.total * 100}`);
  if (card > whole || card < 0) throw new Error(`a card payment of ${card} kopecks on an order of ${whole}`);
  const certificates = priced.filter((p) => p.kind === 'advance').reduce((s, p) => s + p.value, 0);
  if (card < certificates) throw new Error(`a card payment of ${card} kopecks does not pay the certificates' ${certificates}`);
  const shared = priced.filter((p) => p.kind !== 'advance');
  const weights = [...shared.map((p) => p.value), order.delivery_price * 100];
  // The gift card's money (whole roubles, as its balance is kept) spread over the goods and delivery in whole
  // roubles, no line given more than the whole roubles it is worth, the card paying the rest of each: a line
  // given back whole gives the gift card whole roubles back. Should the card pay less than the lines' parts of a
  // rouble, the rest of the gift card's money goes on those parts in kopecks.
  const gift = whole - card;
  const roubleCaps = weights.map((w) => Math.floor(w / 100));
  const roubles = spreadWithin(
    Math.min(
      Math.floor(gift / 100),
      roubleCaps.reduce((s, c) => s + c, 0),
    ),
    weights,
    roubleCaps,
  );
  const giftShares = roubles.map((r) => r * 100);
  const kopecks = spreadWithin(
    gift - giftShares.reduce((s, g) => s + g, 0),
    weights,
    weights.map((w, i) => w - giftShares[i]!),
  );
  const shares = weights.map((w, i) => w - giftShares[i]! - kopecks[i]!);
  const methodOf = (share: number, value: number): ReceiptMethod => (share === value ? 'full_prepayment' : 'partial_prepayment');

  const unnumbered: Unnumbered[] = [];
  for (const p of priced) {
    if (p.kind === 'advance') unnumbered.push(...positions(p.item, p.value, 'advance', 'advance'));
    else {
      const share = shares[shared.indexOf(p)]!;
      unnumbered.push(...positions(p.item, share, 'commodity', methodOf(share, p.value)));
    }
  }
  const deliveryShare = shares[shares.length - 1]!;
  if (deliveryShare > 0) {
    const name = `Доставка: ${METHOD_NAMES[order.delivery_method as DeliveryMethod] ?? order.delivery_method}`;
    const method = methodOf(deliveryShare, order.delivery_price * 100);
    unnumbered.push({
      code: 'delivery',
      line: 'delivery',
      name,
      quantity: 1,
      price: deliveryShare,
      amount: deliveryShare,
      kind: 'service',
      method,
    });
  }
  const lines: ReceiptLine[] = unnumbered.map((l, i) => ({ position: i + 1, ...l }));
  const total = lines.reduce((s, l) => s + l.amount, 0);
  if (total !== card) throw new Error(`the card's receipt adds up to ${total} kopecks, the card pays ${card}`);
  const customer = { email: order.buyer_email, phone: order.buyer_phone.replace(/[^\d+]/g, ''), name: order.buyer_fio };
  return { type: 'sell', customer, vat, lines, total, card: total, prepaid: 0 };
}

/** What a refund gives back: every position, every position but delivery, or this many units of these order lines (by ext_id). */
export type Returned = 'all' | 'goods' | ReadonlyMap<string, number>;

/**
 * The refund receipt of (part of) a sale: its positions given back (less what `earlier` refunds gave back
 * already; a unit the sale does not hold, such as one the card paid nothing of, gives nothing back), the money
 * going back to the card, up to `cardLeft` kopecks (what the card payment has not had back yet).
 */
export function refundReceipt(sale: Receipt, returned: Returned, cardLeft: number, earlier: readonly Receipt[] = []): Receipt {
  const backBefore = (position: number) =>
    earlier.flatMap((r) => r.lines).reduce((s, l) => s + (l.position === position ? l.quantity : 0), 0);
  const left = sale.lines.map((l) => ({ ...l, quantity: l.quantity - backBefore(l.position) })).filter((l) => l.quantity > 0);
  const lines: ReceiptLine[] = [];
  const everyUnitOf = (positions: ReceiptLine[]) => new Map(positions.map((p) => [p.line, Infinity]));
  const wanted =
    returned === 'all' ? everyUnitOf(left) : returned === 'goods' ? everyUnitOf(left.filter((l) => l.kind !== 'service')) : returned;
  for (const [line, want] of wanted) {
    let rest = want;
    // The dearer units go back first, so a line returned unit by unit gives back exactly what it took.
    for (const p of left.filter((l) => l.line === line).reverse()) {
      const n = Math.min(rest, p.quantity);
      if (n > 0) lines.push({ ...p, quantity: n, amount: p.price * n });
      rest -= n;
    }
  }
  lines.sort((a, b) => a.position - b.position);
  const total = lines.reduce((s, l) => s + l.amount, 0);
  const card = Math.min(total, cardLeft);
  return { ...sale, type: 'sell_refund', lines, total, card, prepaid: total - card };
}

/**
 * The closing receipt of the order's goods handed over (full payment): every goods unit not returned and the
 * delivery, at their prices after the discounts, all of it the offset of what was paid before (the card's
 * prepayment and the gift card's advance). A certificate sold is left out: its advance stands until the card
 * it became is spent. Null when nothing is left to hand over.
 */
export function closingReceipt(order: Parameters<typeof saleReceipt>[0], items: readonly OrderItemRow[], vat: VatRate): Receipt | null {
  const sold = saleReceipt(order, items, vat, order.total * 100);
  const back = refundReceipt(sold, new Map(items.filter((i) => i.returned > 0).map((i) => [i.ext_id, i.returned])), 0);
  // What is left of the sale once the returned units are back, as refundReceipt counts it.
  const kept = refundReceipt(sold, 'all', 0, [back]).lines;
  const lines = kept.filter((l) => l.kind !== 'advance').map((l) => ({ ...l, method: 'full_payment' as const }));
  if (!lines.length) return null;
  const total = lines.reduce((s, l) => s + l.amount, 0);
  return { type: 'sell', customer: sold.customer, vat, lines, total, card: 0, prepaid: total };
}
