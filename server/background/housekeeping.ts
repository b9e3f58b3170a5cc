// Housekeeping's rules: how long things are kept, and what cancelling an order nobody paid for undoes.
// An unpaid order older than UNPAID_ORDER_DAYS is cancelled in its own transaction: status 'cancelled' with
// its history row, its goods back in stock, spent bonus points and gift card money given back, its promo
// code's use released, its pending payments lapsed (a late provider answer then pays nothing). Then rows of
// no more use are dropped: old Idempotency-Key answers, idle visitor carts, old rate-limit hits, spent
// password reset links and long-revoked sign-in tokens.
import type { Db, Queryable } from '../db/driver.ts';
import { addLedgerEntry } from '../accounts/bonus-sql.ts';
import {
  dropIdleVisitorCarts,
  dropRevokedTokens,
  dropSpentResetTokens,
  refundGiftCardPayments,
  releasePromoUse,
  returnStock,
  setOrderCancelled,
  staleUnpaidOrderIds,
} from './housekeeping-sql.ts';
import { dropOldAnswers } from '../http/idempotency-sql.ts';
import { addStatus, orderById } from '../orders/orders-sql.ts';
import { failPendingPayments } from '../payments/payments-sql.ts';
import { dropOldHits } from '../http/rate-limit-sql.ts';
import { expiryOf } from '../accounts/bonus-rules.ts';
import { LONGEST_WINDOW_S } from '../http/rate-limit.ts';

export const KEEP = {
  /** An order not paid within this many days is cancelled. */
  unpaidOrderDays: 3,
  /** Stored Idempotency-Key answers: an offline basket replays well within this. */
  answersDays: 30,
  /** A visitor's cart nobody changed for this long is dropped. */
  visitorCartDays: 90,
  /** Password reset links, once expired or used. */
  resetTokenDays: 1,
  /** Sign-in tokens, once revoked. */
  revokedTokenDays: 30,
} as const;

/** Orders cancelled per run at most; the rest wait for the next run. */
const ORDERS_PER_RUN = 200;

export const CANCEL_COMMENT = `Заказ не оплачен в течение ${KEEP.unpaidOrderDays} дней`;

/**
 * Cancels an order staleUnpaidOrderIds found, when it is still unpaid: checked again under its row lock, as a
 * payment may have come in meanwhile (its age cannot change).
 */
async function cancelUnpaidOrder(tx: Queryable, orderId: number): Promise<boolean> {
  const order = await orderById(tx, orderId, true);
  if (!order || order.status === 'cancelled' || order.status === 'paid') return false;
  if (order.payment_status !== 'unpaid' && order.payment_status !== 'pending') return false;

  await setOrderCancelled(tx, order.id);
  await failPendingPayments(tx, order.id);
  await returnStock(tx, order.id);
  if (order.promo_code) await releasePromoUse(tx, order.promo_code);
  if (order.user_id !== null && order.bonus_spent > 0) {
    // The spend is reversed: the points come back with the programme's usual lifetime.
    await addLedgerEntry(tx, {
      userId: order.user_id,
      orderId: order.id,
      kind: 'spend',
      amount: order.bonus_spent,
      expiresAt: expiryOf(new Date()),
    });
  }
  const refunded = await refundGiftCardPayments(tx, order.id);
  const returned = [
    order.bonus_spent > 0 ? `возвращено бонусов: ${order.bonus_spent}` : '',
    refunded > 0 ? `возвращено на подарочную карту: ${refunded} ₽` : '',
  ].filter(Boolean);
  await addStatus(tx, order.id, 'cancelled', [CANCEL_COMMENT, ...returned].join('; '));
  return true;
}

/** Cancels every unpaid order past its time, each in its own transaction; how many were cancelled. */
export async function expireUnpaidOrders(db: Db): Promise<number> {
  let cancelled = 0;
  for (const id of await staleUnpaidOrderIds(db, KEEP.unpaidOrderDays, ORDERS_PER_RUN)) {
    if (await db.transaction((tx) => cancelUnpaidOrder(tx, id))) cancelled += 1;
  }
  return cancelled;
}

interface HousekeepingReport {
  ordersCancelled: number;
  answers: number;
  visitorCarts: number;
  rateLimitHits: number;
  resetTokens: number;
  revokedTokens: number;
}

export async function runHousekeeping(db: Db): Promise<HousekeepingReport> {
  return {
    ordersCancelled: await expireUnpaidOrders(db),
    answers: await dropOldAnswers(db, KEEP.answersDays),
    visitorCarts: await dropIdleVisitorCarts(db, KEEP.visitorCartDays),
    rateLimitHits: await dropOldHits(db, LONGEST_WINDOW_S),
    resetTokens: await dropSpentResetTokens(db, KEEP.resetTokenDays),
    revokedTokens: await dropRevokedTokens(db, KEEP.revokedTokenDays),
  };
}
