// The order's lifecycle, its one owner: it moves an order as its payment method's table allows (TRANSITIONS,
// ON_RECEIPT_TRANSITIONS: common/order-status.ts) and says what each change does, in the caller's one
// transaction on the locked order. Placing records the first status; paying sets the money's arrival and its
// effects (order-paid.ts: bonus points, bought gift cards), and an order paid on receipt is paid as its goods
// are handed over; cancelling undoes exactly what placing took: stock, the promo code's use, the bonus points
// spent, the gift card money, and lapses the payments still pending; handing over writes the goods' closing
// receipt. Every change is recorded with who made it and from what status, and the buyer is told of the ones
// they care about once, by mail and by push from one place (tellBuyer). A paid order's card money goes back,
// and a closing receipt is issued, through the payment provider after the transaction (payments/refunds.ts,
// payments/closing-receipts.ts). The hand-over of an order paid on receipt or tried on is lifecycle-hand-over.ts;
// a manager's move from the desk, lifecycle-manager.ts. Callers (the checkout, the payment provider, the
// unpaid-order pass, the manager's desk, the accounting system and the carrier) only ask.
import type { Queryable } from '../db/public.ts';
import { addLedgerEntry, expiryOf } from '../accounts/public.ts';
import { enqueueMail } from '../mail/public.ts';
import { enqueueOrderNotice } from '../push/public.ts';
import { Refusal } from '../refusal.ts';
import {
  awaitsPayment,
  BUYER_NOTICES,
  canMove,
  hasLeftShop,
  isPaid,
  isSettled,
  ORDER,
  orderStatusName,
  paysAtHandOver,
  paysOnReceipt,
  type OrderStatus,
} from '../../common/order-status.ts';
import { amountDue } from '../../common/order-rules.ts';
import { formatKopecks } from '../../common/kopecks.ts';
import { formatPrice } from '../../common/money.ts';
import {
  addReturnedUnpaid,
  bankPaymentToClose,
  cardRefundedKopecks,
  cardsBoughtBy,
  giftCardGivenBack,
  insertClosingReceipt,
  insertHistory,
  lapsePendingPayments,
  linesLeft,
  markReturned,
  pendingClosingVat,
  reviseClosingReceipt,
  pointsAccruedFor,
  pointsSpentBack,
  scheduleRefunds,
  voidCardsBoughtBy,
  refundGiftCardPayments,
  releasePromoUse,
  returnStock,
  setCancelled,
  setPaid,
  setRefunded,
  setStatus,
  type ActorKind,
} from './lifecycle-sql.ts';
import { paidEffects } from './order-paid.ts';
import { closingReceipt, refundReceipt, saleReceipt } from './receipt.ts';
import { atHandOverText, orderStatusMail } from './order-mails.ts';
import { orderItems, type OrderRow } from './orders-sql.ts';

/** Who asks for a change: the buyer (their account, if signed in), the shop itself, a manager, the accounting system. */
export interface Actor {
  kind: ActorKind;
  id: number | null;
}
export const SYSTEM: Actor = { kind: 'system', id: null };
export const shopper = (userId: number | null): Actor => ({ kind: 'shopper', id: userId });

export const LIFECYCLE_MESSAGES = {
  notFound: 'Заказ не найден',
  alreadyPaid: 'Заказ уже оплачен',
  onReceiptUnderWay: 'Заказ уже собирается: он оплачивается при получении, наличными или картой',
  carrierCollects: 'оплата не отмечена: заказ оплачивается при получении в СДЭК, деньги соберёт СДЭК',
  giftCardWithCarrier:
    'Подарочной картой нельзя оплатить часть заказа, который оплачивается при получении в СДЭК: оплатите его целиком при получении или картой на сайте',
  cancelled: 'Заказ отменён',
  notAllowed: (from: string, to: OrderStatus) =>
    `Заказ в статусе «${orderStatusName(from)}» нельзя перевести в статус «${orderStatusName(to)}»`,
  reasonNeeded: 'Укажите причину: покупатель прочтёт её в письме',
  trackingNeeded: 'Укажите трек-номер отправления',
  notThatMany: (name: string) => `В заказе нет столько товара «${name}» для возврата`,
  certificateWithAll: 'Подарочный сертификат возвращается только вместе со всем заказом',
  lineTwice: 'Каждый товар укажите в возврате один раз',
  notKept: 'Не подошло при примерке',
  noFitting: 'В этом заказе нет примерки: вещи, которые покупатель вернул, оформите возвратом',
  notThatManyKept: (name: string) => `В заказе нет столько товара «${name}», чтобы покупатель его оставил`,
  noBankToClose: 'чек полного расчёта не отправлен: заказ оплачен не через банк — пробейте чек в кассе',
  noClosingReceipt: 'чек полного расчёта не составлен: строки заказа не сходятся с его суммой — пробейте чек в кассе',
  boughtCardSpent: (code: string) =>
    `Подарочной картой ${code} из этого заказа уже расплатились: отменить заказ нельзя, оформите возврат после получения`,
} as const;

/**
 * One change of status of the locked order: refused unless the table allows it; `apply` writes it (the status
 * and what comes with it) and may say what it did, which joins the comment; then the history row, and the
 * buyer's mail when the status is one they are told of.
 */
async function move(
  tx: Queryable,
  order: OrderRow,
  to: OrderStatus,
  actor: Actor,
  reason: string,
  apply: () => Promise<string[] | void>,
  publicUrl: string,
): Promise<void> {
  if (!canMove(order, to)) throw new Refusal('conflict', LIFECYCLE_MESSAGES.notAllowed(order.status, to));
  const done = (await apply()) ?? [];
  const comment = [reason, ...done].filter(Boolean).join('; ');
  await insertHistory(tx, {
    orderId: order.id,
    status: to,
    from: order.status as OrderStatus,
    actor: actor.kind,
    actorId: actor.id,
    comment,
  });
  await tellBuyer(tx, order, to, done, publicUrl);
}

/**
 * The buyer's news of their order, from this one place: the mail and the push of the notice BUYER_NOTICES names
 * for `notice` (nothing for a status they are not told of), written together in the move's transaction. The
 * mail of an order paid on receipt that is on its way says what the buyer will pay when it is handed over.
 */
async function tellBuyer(tx: Queryable, order: OrderRow, notice: OrderStatus, done: string[], publicUrl: string): Promise<void> {
  const text = BUYER_NOTICES[notice];
  if (!text) return;
  const onTheWay = notice === ORDER.shipped || notice === ORDER.ready_for_pickup;
  const atHandOver = onTheWay && paysAtHandOver(order) && amountDue(order) > 0 ? [atHandOverText(amountDue(order))] : [];
  await enqueueMail(tx, orderStatusMail(order, text, [...done, ...atHandOver], publicUrl));
  await enqueueOrderNotice(tx, order.id, notice);
}

/** A new order's first status, recorded as the buyer placed it. */
export async function placed(tx: Queryable, orderId: number, actor: Actor): Promise<void> {
  await insertHistory(tx, { orderId, status: 'new', from: null, actor: actor.kind, actorId: actor.id, comment: '' });
}

/** The order's money has come (the provider's word, gift cards, or nothing to pay): false when it had already. */
export async function pay(tx: Queryable, order: OrderRow, actor: Actor, comment: string, publicUrl: string): Promise<boolean> {
  if (isPaid(order)) return false;
  await move(tx, order, 'paid', actor, comment, () => setPaid(tx, order.id, 'paid'), publicUrl);
  await paidEffects(tx, order, publicUrl);
  return true;
}

/**
 * Cancels an order, undoing what placing it took: its goods back on sale, its promo code's use released, the
 * bonus points it spent and the gift card money it took given back, its pending payments lapsed. A paid
 * order (not yet handed to delivery) also takes back the points its payment accrued and voids the gift cards
 * it bought (refused once one has been spent from), and its card money goes back through the payment
 * provider: a refund per payment, written here and carried out after the transaction (payments/refunds.ts).
 * `reason` opens the history's comment, what was given back follows it.
 */
export async function cancel(tx: Queryable, order: OrderRow, actor: Actor, reason: string, publicUrl: string): Promise<void> {
  const paid = isPaid(order);
  // Unpaid, an order is cancelled while it waits for its online payment, or, paid on receipt, until it leaves.
  const unpaidCancellable = awaitsPayment(order) || (paysAtHandOver(order) && !hasLeftShop(order));
  if (!paid && !unpaidCancellable) throw new Refusal('conflict', LIFECYCLE_MESSAGES.notAllowed(order.status, 'cancelled'));
  await move(
    tx,
    order,
    'cancelled',
    actor,
    reason,
    async () => {
      const returned = paid ? await undoPaidEffects(tx, order) : [];
      await setCancelled(tx, order.id, 'cancelled');
      await lapsePendingPayments(tx, order.id);
      await returnStock(tx, order.id);
      if (order.promo_code) await releasePromoUse(tx, order.promo_code);
      returned.push(...(await givePointsBack(tx, order)));
      const toCards = await refundGiftCardPayments(tx, order.id);
      if (toCards > 0) returned.push(`возвращено на подарочную карту: ${toCards} ₽`);
      if (paid) {
        const card = await scheduleRefunds(tx, order.id, reason, 'all');
        if (card > 0) returned.push(`возвращается на банковскую карту, которой оплачен заказ: ${formatKopecks(card)}`);
      }
      return returned;
    },
    publicUrl,
  );
}

/**
 * What paying gave a paid order that a cancel or a return takes back: the gift cards it bought are voided
 * (refused once one has been spent from), and the points its payment accrued are taken back.
 */
async function undoPaidEffects(tx: Queryable, order: OrderRow): Promise<string[]> {
  const cards = await cardsBoughtBy(tx, order.id);
  const spent = cards.find((c) => c.balance < c.initial);
  if (spent) throw new Refusal('conflict', LIFECYCLE_MESSAGES.boughtCardSpent(spent.code));
  await voidCardsBoughtBy(tx, order.id);
  const accrued = await pointsAccruedFor(tx, order.id);
  if (order.user_id === null || accrued <= 0) return [];
  await addLedgerEntry(tx, { userId: order.user_id, orderId: order.id, kind: 'accrual', amount: -accrued });
  return [`списано бонусов, начисленных за заказ: ${accrued}`];
}

/**
 * The bonus points the order spent come back (all not given back before, or `points` of them), with the
 * programme's usual lifetime: the spend is reversed.
 */
async function givePointsBack(tx: Queryable, order: OrderRow, points?: number): Promise<string[]> {
  const amount = points ?? order.bonus_spent - (await pointsSpentBack(tx, order.id));
  if (order.user_id === null || amount <= 0) return [];
  await addLedgerEntry(tx, { userId: order.user_id, orderId: order.id, kind: 'spend', amount, expiresAt: expiryOf(new Date()) });
  return [`возвращено бонусов: ${amount}`];
}

/**
 * The buyer sent goods back after the order left the shop (shipped, ready for pickup or received): all that is
 * left of it, or some units of some lines (`lines`, by ext_id: one swimsuit of two). The goods go back on sale,
 * and the money paid for them goes back (delivery was done, it is not): the bank card's share of them through
 * the provider, with a refund receipt of those positions, the rest to the gift card that paid it. Points follow the
 * goods: a share of those accrued is taken back and a share of those spent given back, the rest with the last
 * of the goods. The last of the goods back, the order is «Возвращён» (its bought gift cards voided); some of
 * them back, it keeps its status, and the return is recorded and mailed to the buyer all the same.
 */
export async function returnGoods(
  tx: Queryable,
  order: OrderRow,
  actor: Actor,
  reason: string,
  publicUrl: string,
  lines?: ReadonlyMap<string, number>,
): Promise<void> {
  if (!canMove(order, 'returned')) throw new Refusal('conflict', LIFECYCLE_MESSAGES.notAllowed(order.status, 'returned'));
  const left = await linesLeft(tx, order.id);
  const wanted = lines ?? new Map(left.filter((l) => l.left > 0).map((l) => [l.ext_id, l.left]));
  for (const [ext, n] of wanted) {
    const line = left.find((l) => l.ext_id === ext);
    if (!line || !Number.isInteger(n) || n < 1 || n > line.left)
      throw new Refusal('invalid', LIFECYCLE_MESSAGES.notThatMany(line?.name ?? ext));
  }
  const whole = left.every((l) => (wanted.get(l.ext_id) ?? 0) === l.left);
  if (!whole && left.some((l) => l.certificate && wanted.has(l.ext_id)))
    throw new Refusal('invalid', LIFECYCLE_MESSAGES.certificateWithAll);
  // What the returned goods and the goods not yet returned cost after the order's discounts, by its receipt's rule.
  const sale = saleReceipt(order, await orderItems(tx, order.id), 'none', order.total * 100);
  const returnedKop = refundReceipt(sale, wanted, 0).total;
  const keptKop = refundReceipt(sale, new Map(left.map((l) => [l.ext_id, l.left])), 0).total;
  const share = (points: number) => (whole ? undefined : Math.floor((points * returnedKop) / Math.max(1, keptKop)));

  const apply = async (): Promise<string[]> => {
    const done = whole ? await undoPaidEffects(tx, order) : await takeBackAccrued(tx, order, share(await pointsAccruedFor(tx, order.id))!);
    if (whole) await setStatus(tx, order.id, 'returned');
    await returnStock(tx, order.id, wanted);
    await markReturned(tx, order.id, wanted);
    const itemsNow = await orderItems(tx, order.id);
    // A closing receipt still waiting for the bank closes only what is kept now.
    const closingVat = await pendingClosingVat(tx, order.id);
    if (closingVat) await reviseClosingReceipt(tx, order.id, closingReceipt(order, itemsNow, closingVat));
    done.push(...(await givePointsBack(tx, order, share(order.bonus_spent - (await pointsSpentBack(tx, order.id))))));
    if (!isSettled(order)) return [...done, ...(await notOwedAnyMore(tx, order, returnedKop))];
    const card = await scheduleRefunds(tx, order.id, reason, whole ? 'goods' : wanted, returnedKop);
    if (card > 0) done.push(`возвращается на банковскую карту, которой оплачен заказ: ${formatKopecks(card)}`);
    // Paid at the door, the money went through no bank: the shop gives it back itself (cash or a transfer).
    if (paysOnReceipt(order))
      done.push(`деньги за эти товары магазин вернёт сам: заказ оплачен при получении, ${formatKopecks(returnedKop)}`);
    // What the bank card does not get back of the goods' price, the gift card does: the card's receipt holds each
    // position's card share, the gift card paid the rest. Counted over every return of the order so far, so
    // that its balance, kept in whole roubles, rounds up once and not at each return: all the goods back, it has
    // had back exactly what it paid for them.
    const allBack = new Map(itemsNow.filter((i) => i.returned > 0).map((i) => [i.ext_id, i.returned]));
    const giftOwed = Math.ceil((refundReceipt(sale, allBack, 0).total - (await cardRefundedKopecks(tx, order.id))) / 100);
    const toCards = await refundGiftCardPayments(tx, order.id, Math.max(0, giftOwed - (await giftCardGivenBack(tx, order.id))));
    if (toCards > 0) done.push(`возвращено на подарочную карту: ${toCards} ₽`);
    return done;
  };
  if (whole) return move(tx, order, 'returned', actor, reason, apply, publicUrl);
  // Some of the goods: the order keeps its status; the return is in its history and the buyer's mail.
  const names = left.filter((l) => wanted.has(l.ext_id)).map((l) => `${l.name} × ${wanted.get(l.ext_id)}`);
  const done = await apply();
  await insertHistory(tx, {
    orderId: order.id,
    status: order.status as OrderStatus,
    from: order.status as OrderStatus,
    actor: actor.kind,
    actorId: actor.id,
    comment: [`Возврат: ${names.join(', ')}`, reason, ...done].filter(Boolean).join('; '),
  });
  await tellBuyer(tx, order, 'returned', [`возвращено: ${names.join(', ')}`, ...done], publicUrl);
}

/**
 * Goods of an order not paid yet (paid on receipt) came back before the buyer paid for them (refused or not
 * kept at the door): what they cost after the order's discounts (`returnedKop`, rounded up in the buyer's
 * favour) is no longer owed at the door; should a gift card have paid more than is left to owe, its excess
 * goes back to it. Nothing goes to a bank card, which paid nothing.
 */
async function notOwedAnyMore(tx: Queryable, order: OrderRow, returnedKop: number): Promise<string[]> {
  const relief = Math.ceil(returnedKop / 100);
  const offDoor = Math.min(relief, amountDue(order));
  if (offDoor > 0) await addReturnedUnpaid(tx, order.id, offDoor);
  const toCards = relief > offDoor ? await refundGiftCardPayments(tx, order.id, relief - offDoor) : 0;
  return toCards > 0 ? [`возвращено на подарочную карту: ${toCards} ₽`] : [];
}

/** A share of the points the order's payment accrued, taken back (some of its goods came back). */
async function takeBackAccrued(tx: Queryable, order: OrderRow, points: number): Promise<string[]> {
  if (order.user_id === null || points <= 0) return [];
  await addLedgerEntry(tx, { userId: order.user_id, orderId: order.id, kind: 'accrual', amount: -points });
  return [`списано бонусов, начисленных за возвращённые товары: ${points}`];
}

/** The provider has given back the last of a cancelled order's card money (payments/refunds.ts asks, the order locked). */
export async function refundsDone(tx: Queryable, orderId: number): Promise<void> {
  await setRefunded(tx, orderId);
}

/**
 * The steps a manager moves a paid order, or one paid on receipt, through; paying, cancelling and returning have
 * their own functions.
 */
export type Step = 'assembling' | 'shipped' | 'ready_for_pickup' | 'received';

/**
 * A later step of a paid order or one paid on receipt (assembling, shipped with its tracking number, ready for
 * pickup, received). Received, an order paid on receipt is paid: the buyer paid what was due as the goods were
 * handed over.
 */
export async function advance(
  tx: Queryable,
  order: OrderRow,
  to: Step,
  actor: Actor,
  comment: string,
  publicUrl: string,
  tracking = '',
): Promise<void> {
  await move(
    tx,
    order,
    to,
    actor,
    comment,
    async () => {
      if (to === 'received' && paysAtHandOver(order)) return paidAtHandOver(tx, order);
      await setStatus(tx, order.id, to, to === 'shipped' ? tracking : undefined);
      if (to === 'received') return closeSale(tx, order);
      // The buyer's mail of the shipment names the number to follow it by.
      return to === 'shipped' && tracking ? [`трек-номер отправления ${tracking}`] : [];
    },
    publicUrl,
  );
  if (to === 'received' && paysAtHandOver(order)) await paidEffects(tx, order, publicUrl);
}

/**
 * An order paid on receipt is handed over: received and paid at once. Its fiscal receipt is a full payment's,
 * issued at the hand-over by whoever takes the money (the shop's courier at their cash register, or the carrier
 * as the shop's payment agent: docs/money.md); none is sent through the bank, which took no money.
 */
async function paidAtHandOver(tx: Queryable, order: OrderRow): Promise<string[]> {
  await setPaid(tx, order.id, ORDER.received);
  return [`оплачено при получении: ${formatPrice(amountDue(order))}`];
}

/**
 * The goods are handed over: their closing (full-payment) receipt is written, to be issued against the bank
 * payment they were prepaid by after the transaction (payments/closing-receipts.ts). When no such payment
 * exists (a gift card the shop gave away), the history says the receipt is the cash register's to make.
 */
async function closeSale(tx: Queryable, order: OrderRow): Promise<string[]> {
  const payment = await bankPaymentToClose(tx, order.id);
  let receipt: ReturnType<typeof closingReceipt>;
  try {
    receipt = closingReceipt(order, await orderItems(tx, order.id), payment?.vat ?? 'none');
  } catch {
    // An old order whose lines do not add up to its total: the goods are handed over all the same.
    return [LIFECYCLE_MESSAGES.noClosingReceipt];
  }
  if (!receipt) return [];
  if (!payment) return [LIFECYCLE_MESSAGES.noBankToClose];
  await insertClosingReceipt(tx, order.id, payment.id, receipt);
  return [];
}
