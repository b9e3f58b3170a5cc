// SQL of the order's lifecycle (lifecycle.ts): a status change with its history row (who, from what), the
// payment's arrival, and the inverses of what placing an order took (its stock, its promo code's use, the
// gift card money). Each function runs in the caller's transaction, on an order the caller has locked.
import type { Queryable } from '../db/public.ts';
import { AWAITING_SHOP_STATUSES, UNPAID_STATUSES, UNSETTLED_PAYMENT_STATUSES, type OrderStatus } from '../../common/order-status.ts';
import { refundReceipt, type Receipt, type Returned } from './receipt.ts';

/** Who changed an order's status: the buyer, the shop itself, a manager, the accounting system, the carrier. */
export type ActorKind = 'shopper' | 'system' | 'manager' | 'accounting' | 'carrier';

/** A list of status codes as SQL's (codes of common/order-status.ts: words of letters and underscores, nothing to escape). */
const sqlList = (codes: readonly string[]) => codes.map((c) => `'${c}'`).join(', ');

/**
 * An order still waiting for its online payment, as SQL: it holds its goods until hold_until (common/order-status.ts
 * awaitsPayment). An order paid on receipt is not one.
 */
export const AWAITS_PAYMENT = `payment_method = 'card' and payment_status in (${sqlList(UNSETTLED_PAYMENT_STATUSES)})
  and status in (${sqlList(UNPAID_STATUSES)})`;

/** An order to be paid on receipt that no manager has taken up yet (called the buyer and assembled it), as SQL. */
export const ON_RECEIPT_UNCONFIRMED = `payment_method = 'on_receipt' and status = 'new'`;

/** An order waiting for the shop, as SQL (AWAITING_SHOP_STATUSES). */
export const AWAITS_SHOP = `status in (${sqlList(AWAITING_SHOP_STATUSES)})`;

export async function insertHistory(
  tx: Queryable,
  row: { orderId: number; status: OrderStatus; from: OrderStatus | null; actor: ActorKind; actorId: number | null; comment: string },
): Promise<void> {
  await tx.query(
    'insert into order_status_history (order_id, status, from_status, actor, actor_id, comment) values ($1, $2, $3, $4, $5, $6)',
    [row.orderId, row.status, row.from, row.actor, row.actorId, row.comment],
  );
}

/** The order's pending payments lapse: it was cancelled, or its sum changed (a gift card paid part). */
export async function lapsePendingPayments(tx: Queryable, orderId: number): Promise<void> {
  await tx.query(`update payments set status = 'failed' where order_id = $1 and status = 'pending'`, [orderId]);
}

/** A new status; a shipment's tracking number with it when given. */
export async function setStatus(tx: Queryable, orderId: number, status: OrderStatus, tracking?: string): Promise<void> {
  await tx.query('update orders set status = $2, tracking_number = coalesce($3, tracking_number) where id = $1', [
    orderId,
    status,
    tracking ?? null,
  ]);
}

/** The money has come: paid now, with the status it brings (an order paid on receipt may keep its own). */
export async function setPaid(tx: Queryable, orderId: number, status: OrderStatus): Promise<void> {
  await tx.query(`update orders set payment_status = 'paid', status = $2, paid_at = now() where id = $1`, [orderId, status]);
}

/** Goods handed back before they were paid for (at the door): what they cost is no longer owed. */
export async function addReturnedUnpaid(tx: Queryable, orderId: number, roubles: number): Promise<void> {
  await tx.query('update orders set returned_unpaid = returned_unpaid + $2 where id = $1', [orderId, roubles]);
}

/** Cancelled: the gift card money it held goes back with refundGiftCardPayments. */
export async function setCancelled(tx: Queryable, orderId: number, status: OrderStatus): Promise<void> {
  await tx.query('update orders set status = $2, gift_card_amount = 0 where id = $1', [orderId, status]);
}

/** An order line with the units not yet returned. */
export interface LineLeft {
  ext_id: string;
  name: string;
  certificate: boolean;
  left: number;
}

export function linesLeft(tx: Queryable, orderId: number): Promise<LineLeft[]> {
  return tx.query<LineLeft>(
    `select ext_id, name, gift_certificate_id is not null as certificate, quantity - returned as left
       from order_items where order_id = $1 order by id`,
    [orderId],
  );
}

/** Counts these units of the order's lines (by ext_id) as returned. */
export async function markReturned(tx: Queryable, orderId: number, lines: ReadonlyMap<string, number>): Promise<void> {
  await tx.query(
    `update order_items i set returned = i.returned + x.quantity
       from unnest($2::text[], $3::int[]) as x(ext_id, quantity) where i.order_id = $1 and i.ext_id = x.ext_id`,
    [orderId, [...lines.keys()], [...lines.values()]],
  );
}

/**
 * Puts the order's goods back in stock: every unit not returned before, or these units of these lines (by
 * ext_id); variant rows locked in id order, as placing an order does. How many.
 */
export async function returnStock(tx: Queryable, orderId: number, only?: ReadonlyMap<string, number>): Promise<number> {
  const rows = await tx.query<{ variant_id: number; ext_id: string; left: number }>(
    `select variant_id, ext_id, quantity - returned as left from order_items
      where order_id = $1 and variant_id is not null order by variant_id`,
    [orderId],
  );
  const byVariant = new Map<number, number>();
  for (const r of rows) {
    const n = only ? Math.min(only.get(r.ext_id) ?? 0, r.left) : r.left;
    if (n > 0) byVariant.set(r.variant_id, (byVariant.get(r.variant_id) ?? 0) + n);
  }
  const lines = [...byVariant].map(([variant_id, quantity]) => ({ variant_id, quantity }));
  if (!lines.length) return 0;
  const ids = lines.map((l) => l.variant_id);
  await tx.query('select id from product_variants where id = any($1::int[]) order by id for update', [ids]);
  await tx.query(
    `update product_variants v set stock = v.stock + x.quantity
       from unnest($1::int[], $2::int[]) as x(id, quantity) where v.id = x.id`,
    [ids, lines.map((l) => l.quantity)],
  );
  return lines.reduce((s, l) => s + l.quantity, 0);
}

/**
 * Gives the gift card money the order took back to its cards (all of it, or up to `upTo` roubles, the latest
 * payment first) and drops what was given back from the order's card payments; the sum returned.
 */
export async function refundGiftCardPayments(tx: Queryable, orderId: number, upTo = Infinity): Promise<number> {
  const paid = await tx.query<{ id: number; gift_card_id: number; amount: number }>(
    'select id, gift_card_id, amount from gift_card_payments where order_id = $1 order by id desc',
    [orderId],
  );
  let given = 0;
  for (const p of paid) {
    const back = Math.min(p.amount, upTo - given);
    if (back <= 0) break;
    await tx.query('update gift_cards set balance = balance + $2 where id = $1', [p.gift_card_id, back]);
    if (back === p.amount) await tx.query('delete from gift_card_payments where id = $1', [p.id]);
    else await tx.query('update gift_card_payments set amount = amount - $2 where id = $1', [p.id, back]);
    given += back;
  }
  return given;
}

export async function releasePromoUse(tx: Queryable, code: string): Promise<void> {
  await tx.query('update promo_codes set used_count = greatest(used_count - 1, 0) where code = $1', [code]);
}

/** The gift cards the order bought, locked: what they were issued for and what is left on them. */
export function cardsBoughtBy(tx: Queryable, orderId: number): Promise<{ id: number; code: string; initial: number; balance: number }[]> {
  return tx.query('select id, code, initial, balance from gift_cards where order_id = $1 order by id for update', [orderId]);
}

/** The bought cards of a cancelled order stop working: nothing left on them, expired now. */
export async function voidCardsBoughtBy(tx: Queryable, orderId: number): Promise<void> {
  await tx.query('update gift_cards set balance = 0, expires_at = least(expires_at, now()) where order_id = $1', [orderId]);
}

/** The bonus points the order spent that were given back before (a return of some of its goods). */
export async function pointsSpentBack(tx: Queryable, orderId: number): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    `select coalesce(sum(amount), 0)::int as n from bonus_ledger where order_id = $1 and kind = 'spend' and amount > 0`,
    [orderId],
  );
  return row.n;
}

/** The points accrued for the order, net of any taken back before. */
export async function pointsAccruedFor(tx: Queryable, orderId: number): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    `select coalesce(sum(amount), 0)::int as n from bonus_ledger where order_id = $1 and kind = 'accrual'`,
    [orderId],
  );
  return row.n;
}

/**
 * A refund of each payment that took the order's money (a card at the provider) for what `returned` gives
 * back, with its fiscal receipt (the positions returned of the card's own receipt, which holds each position's
 * card share: the gift card's share goes back to it, lifecycle.ts), to be carried out after the transaction (payments/refunds.ts); the order's
 * payment becomes 'refunding' while any waits, else 'refunded'. A whole refund of a payment is written once.
 * A payment made before receipts were kept (migration 017) has none to count from: a return gives back to
 * its card no more than `goodsKopecks`, what the returned goods cost after the order's discounts (a cancel,
 * all that is left). The kopecks the refunds give back to bank cards.
 */
export async function scheduleRefunds(
  tx: Queryable,
  orderId: number,
  reason: string,
  returned: Returned,
  goodsKopecks = Infinity,
): Promise<number> {
  const payments = await tx.query<{ id: number; amount: number; receipt: Receipt | null; refunded: number; earlier: Receipt[] }>(
    `select p.id, p.amount, p.receipt,
            coalesce((select sum(r.kopecks) from refunds r where r.payment_id = p.id), 0)::int as refunded,
            coalesce((select jsonb_agg(r.receipt order by r.id) from refunds r where r.payment_id = p.id and r.receipt is not null),
                     '[]'::jsonb) as earlier
       from payments p where p.order_id = $1 and p.status = 'succeeded' order by p.id`,
    [orderId],
  );
  // Goods whose closing receipt the bank has printed come back as a refund of a full payment (a certificate sold
  // stays an advance: no closing receipt covers it); before that receipt, as a refund of the prepayment.
  const [closed] = await tx.query(`select 1 from closing_receipts where order_id = $1 and status = 'done'`, [orderId]);
  const settled = (r: Receipt): Receipt =>
    closed ? { ...r, lines: r.lines.map((l) => (l.kind === 'advance' ? l : { ...l, method: 'full_payment' })) } : r;
  let kopecks = 0;
  let goodsLeft = goodsKopecks;
  for (const p of payments) {
    const left = p.amount * 100 - p.refunded;
    if (left <= 0) continue;
    const receipt = p.receipt ? settled(refundReceipt(p.receipt, returned, left, p.earlier)) : null;
    const amount = receipt ? receipt.card : Math.min(left, goodsLeft);
    if (!receipt) goodsLeft -= amount;
    if (amount <= 0) continue;
    const made = await tx.query(
      `insert into refunds (order_id, payment_id, kopecks, reason, receipt, whole) values ($1, $2, $3, $4, $5::jsonb, $6)
       on conflict (payment_id) where whole do nothing returning id`,
      [orderId, p.id, amount, reason, receipt && JSON.stringify(receipt), returned === 'all'],
    );
    if (made.length) kopecks += amount;
  }
  // Some lines given back leave the order paid; the whole of it given back makes its payment «returning», then «returned».
  if (!(returned instanceof Map)) {
    await tx.query(`update orders set payment_status = $2 where id = $1`, [orderId, kopecks > 0 ? 'refunding' : 'refunded']);
  }
  return kopecks;
}

/** Every refund of the cancelled order is done: its money is back. */
export async function setRefunded(tx: Queryable, orderId: number): Promise<void> {
  await tx.query(`update orders set payment_status = 'refunded' where id = $1 and payment_status = 'refunding'`, [orderId]);
}

/**
 * The bank payment a closing receipt of the order's goods is issued against (the gateway closes a receipt of an
 * order it holds): the order's own card payment that went through, or else the one that bought the gift card
 * that paid it; each with the VAT rate its receipt carried. Null when the order's money never went through a
 * bank with a receipt (a gift card the shop gave away, a payment from before receipts were kept).
 */
export async function bankPaymentToClose(tx: Queryable, orderId: number): Promise<{ id: number; vat: Receipt['vat'] } | null> {
  const [row] = await tx.query<{ id: number; vat: Receipt['vat'] }>(
    `select id, vat from (
       select p.id, p.receipt->>'vat' as vat, 0 as rank from payments p
        where p.order_id = $1 and p.status = 'succeeded' and p.receipt is not null and p.provider_ref is not null
       union all
       select p.id, p.receipt->>'vat', 1 from gift_card_payments gp
         join gift_cards g on g.id = gp.gift_card_id
         join payments p on p.order_id = g.order_id and p.status = 'succeeded' and p.receipt is not null and p.provider_ref is not null
        where gp.order_id = $1
     ) found order by rank, id desc limit 1`,
    [orderId],
  );
  return row ?? null;
}

/** The closing receipt of the order's goods handed over, carried out after the transaction (payments/closing-receipts.ts). */
export async function insertClosingReceipt(tx: Queryable, orderId: number, paymentId: number, receipt: Receipt): Promise<void> {
  await tx.query(
    'insert into closing_receipts (order_id, payment_id, receipt) values ($1, $2, $3::jsonb) on conflict (order_id) do nothing',
    [orderId, paymentId, JSON.stringify(receipt)],
  );
}

/**
 * Goods came back before the bank printed the order's closing receipt: it is made again for what is kept (or
 * dropped when nothing is), so it never closes goods already given back.
 */
export async function reviseClosingReceipt(tx: Queryable, orderId: number, receipt: Receipt | null): Promise<void> {
  if (receipt) {
    await tx.query(`update closing_receipts set receipt = $2::jsonb where order_id = $1 and status = 'pending'`, [
      orderId,
      JSON.stringify(receipt),
    ]);
  } else await tx.query(`delete from closing_receipts where order_id = $1 and status = 'pending'`, [orderId]);
}

/** The VAT rate of the order's closing receipt still waiting for the bank, or null when none waits. */
export async function pendingClosingVat(tx: Queryable, orderId: number): Promise<Receipt['vat'] | null> {
  const [row] = await tx.query<{ vat: Receipt['vat'] }>(
    `select receipt->>'vat' as vat from closing_receipts where order_id = $1 and status = 'pending'`,
    [orderId],
  );
  return row?.vat ?? null;
}

/** Kopecks the order's refunds give back to bank cards, done or waiting. */
export async function cardRefundedKopecks(tx: Queryable, orderId: number): Promise<number> {
  const [row] = await tx.query<{ n: number }>('select coalesce(sum(kopecks), 0)::int as n from refunds where order_id = $1', [orderId]);
  return row?.n ?? 0;
}

/** Roubles the gift cards that paid the order have had back: what they paid less what they still hold of it. */
export async function giftCardGivenBack(tx: Queryable, orderId: number): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    `select o.gift_card_amount - coalesce((select sum(g.amount) from gift_card_payments g where g.order_id = o.id), 0)::int as n
       from orders o where o.id = $1`,
    [orderId],
  );
  return row?.n ?? 0;
}
