// The order's lifecycle, its one owner: which status may follow which (TRANSITIONS), and what each change
// does, in the caller's one transaction on the locked order. Placing records the first status; paying sets
// the money's arrival and its effects (order-paid.ts: bonus points, bought gift cards); cancelling undoes
// exactly what placing took: stock, the promo code's use, the bonus points spent, the gift card money, and
// lapses the payments still pending. Every change is recorded with who made it and from what status, and the
// buyer is told of the ones they care about once: a mail here, a push by the database's trigger on the
// status (migration 015 names the same statuses as BUYER_NOTICES). A paid order's card money goes back through
// the payment provider after the transaction (payments/refunds.ts). Callers (the checkout, the payment
// provider, the unpaid-order pass, later the manager's desk and the accounting system) only ask.
import type { Queryable } from '../db/public.ts';
import { addLedgerEntry, expiryOf } from '../accounts/public.ts';
import { enqueueMail } from '../mail/public.ts';
import { Refusal } from '../refusal.ts';
import { awaitsPayment, BUYER_NOTICES, isPaid, orderStatusName, type OrderStatus } from '../../common/order-status.ts';
import { undoesSale, type ManagerMove } from '../../common/manager-moves.ts';
import { formatKopecks } from '../../common/kopecks.ts';
import {
  cardsBoughtBy,
  insertHistory,
  lapsePendingPayments,
  pointsAccruedFor,
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
import { orderStatusMail } from './order-mails.ts';
import type { OrderRow } from './orders-sql.ts';

/** Which status may follow which. An order is cancelled until it leaves the shop; after that it comes back as a return. */
export const TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  new: ['awaiting_payment', 'paid', 'cancelled'],
  awaiting_payment: ['paid', 'cancelled'],
  paid: ['assembling', 'cancelled'],
  assembling: ['shipped', 'ready_for_pickup', 'cancelled'],
  shipped: ['received', 'returned'],
  ready_for_pickup: ['received', 'returned'],
  received: ['returned'],
  cancelled: [],
  returned: [],
};

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
  cancelled: 'Заказ отменён',
  notAllowed: (from: string, to: OrderStatus) =>
    `Заказ в статусе «${orderStatusName(from)}» нельзя перевести в статус «${orderStatusName(to)}»`,
  reasonNeeded: 'Укажите причину: покупатель прочтёт её в письме',
  trackingNeeded: 'Укажите трек-номер отправления',
  boughtCardSpent: (code: string) =>
    `Подарочной картой ${code} из этого заказа уже расплатились: отменить заказ нельзя, оформите возврат после получения`,
} as const;

export const canMove = (from: string, to: OrderStatus): boolean =>
  (TRANSITIONS as Record<string, readonly OrderStatus[]>)[from]?.includes(to) ?? false;

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
  if (!canMove(order.status, to)) throw new Refusal('conflict', LIFECYCLE_MESSAGES.notAllowed(order.status, to));
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
  const notice = BUYER_NOTICES[to];
  if (notice) await enqueueMail(tx, orderStatusMail(order, notice, done, publicUrl));
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
  if (!paid && !awaitsPayment(order)) throw new Refusal('conflict', LIFECYCLE_MESSAGES.notAllowed(order.status, 'cancelled'));
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

/** The bonus points the order spent come back, with the programme's usual lifetime (the spend is reversed). */
async function givePointsBack(tx: Queryable, order: OrderRow): Promise<string[]> {
  if (order.user_id === null || order.bonus_spent <= 0) return [];
  await addLedgerEntry(tx, {
    userId: order.user_id,
    orderId: order.id,
    kind: 'spend',
    amount: order.bonus_spent,
    expiresAt: expiryOf(new Date()),
  });
  return [`возвращено бонусов: ${order.bonus_spent}`];
}

/**
 * The buyer sent the goods back after the order left the shop (shipped, ready for pickup or received): the
 * goods go back on sale, what paying gave is taken back (bought gift cards voided, accrued points), the
 * points spent come back, and the money paid for the goods goes back (delivery was done, it is not): to the
 * bank card first, through the provider with a refund receipt of the goods' positions, the rest to the gift
 * card that paid it.
 */
export async function returnGoods(tx: Queryable, order: OrderRow, actor: Actor, reason: string, publicUrl: string): Promise<void> {
  await move(
    tx,
    order,
    'returned',
    actor,
    reason,
    async () => {
      const returned = await undoPaidEffects(tx, order);
      await setStatus(tx, order.id, 'returned');
      await returnStock(tx, order.id);
      returned.push(...(await givePointsBack(tx, order)));
      const card = await scheduleRefunds(tx, order.id, reason, 'goods');
      if (card > 0) returned.push(`возвращается на банковскую карту, которой оплачен заказ: ${formatKopecks(card)}`);
      // What the bank card does not get back of the goods' price, the gift card does (as the refund receipt says).
      const goods = (order.total - order.delivery_price) * 100;
      const toCards = await refundGiftCardPayments(tx, order.id, Math.max(0, Math.floor((goods - card) / 100)));
      if (toCards > 0) returned.push(`возвращено на подарочную карту: ${toCards} ₽`);
      return returned;
    },
    publicUrl,
  );
}

/** The provider has given back the last of a cancelled order's card money (payments/refunds.ts asks, the order locked). */
export async function refundsDone(tx: Queryable, orderId: number): Promise<void> {
  await setRefunded(tx, orderId);
}

/** The steps a manager moves a paid order through; paying, cancelling and returning have their own functions. */
export type Step = 'assembling' | 'shipped' | 'ready_for_pickup' | 'received';

/** A later step of a paid order (assembling, shipped with its tracking number, ready for pickup, received). */
export async function advance(
  tx: Queryable,
  order: OrderRow,
  to: Step,
  actor: Actor,
  comment: string,
  publicUrl: string,
  tracking = '',
): Promise<void> {
  await move(tx, order, to, actor, comment, () => setStatus(tx, order.id, to, to === 'shipped' ? tracking : undefined), publicUrl);
}

/**
 * A manager's move from the desk, with what it needs: a reason for a cancel or a return (the buyer reads it
 * in their mail), a tracking number to ship (the buyer sees it on their order page).
 */
export async function managerMove(
  tx: Queryable,
  order: OrderRow,
  move: ManagerMove,
  actor: Actor,
  input: { reason: string; tracking: string },
  publicUrl: string,
): Promise<void> {
  const reason = input.reason.trim();
  const tracking = input.tracking.trim();
  if (undoesSale(move) && !reason) throw new Refusal('invalid', LIFECYCLE_MESSAGES.reasonNeeded);
  if (move === 'cancelled') return cancel(tx, order, actor, reason, publicUrl);
  if (move === 'returned') return returnGoods(tx, order, actor, reason, publicUrl);
  if (move !== 'shipped') return advance(tx, order, move, actor, reason, publicUrl);
  if (!tracking) throw new Refusal('invalid', LIFECYCLE_MESSAGES.trackingNeeded);
  return advance(tx, order, move, actor, [`Трек-номер ${tracking}`, reason].filter(Boolean).join('; '), publicUrl, tracking);
}
