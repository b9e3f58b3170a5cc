// Unpaid orders against their deadline (orders/unpaid-holds.ts): the buyer is mailed a reminder shortly
// before it, and once it has passed the order is cancelled in its own transaction: status 'cancelled' with
// its history row, its goods back on sale, spent bonus points and gift card money given back, its promo
// code's use released, its pending payments lapsed (a late provider answer then pays nothing).
import type { Db, Queryable } from '../db/driver.ts';
import { addLedgerEntry } from '../accounts/bonus-sql.ts';
import {
  lapsedUnpaidOrderIds,
  markReminded,
  ordersToRemind,
  refundGiftCardPayments,
  releasePromoUse,
  returnStock,
  setOrderCancelled,
} from './unpaid-orders-sql.ts';
import { addStatus, orderById, type OrderRow } from '../orders/orders-sql.ts';
import { failPendingPayments } from '../payments/payments-sql.ts';
import { expiryOf } from '../accounts/bonus-rules.ts';
import { enqueueMail } from '../mail/mail.ts';
import { paymentReminder } from '../orders/order-mails.ts';
import { awaitsPayment, reminderLeadMinutes, type HoldRules } from '../orders/unpaid-holds.ts';
import { amountDue } from '../../common/order-rules.ts';

/** Orders handled per pass at most; the rest wait for the next pass. */
const ORDERS_PER_PASS = 200;

export const CANCEL_COMMENT = 'Заказ не оплачен вовремя: товары вернулись в продажу';

const stillUnpaid = (o: OrderRow | null): o is OrderRow => !!o && awaitsPayment(o);

/** Cancels a lapsed order found by lapsedUnpaidOrderIds, when it is still unpaid under its row lock (a payment may have come in). */
async function cancelUnpaidOrder(tx: Queryable, orderId: number): Promise<boolean> {
  const order = await orderById(tx, orderId, true);
  if (!stillUnpaid(order) || new Date(order.hold_until).getTime() > Date.now()) return false;

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

/** Cancels every unpaid order past its deadline, each in its own transaction; how many were cancelled. */
export async function expireUnpaidOrders(db: Db): Promise<number> {
  let cancelled = 0;
  for (const id of await lapsedUnpaidOrderIds(db, ORDERS_PER_PASS)) {
    if (await db.transaction((tx) => cancelUnpaidOrder(tx, id))) cancelled += 1;
  }
  return cancelled;
}

/** Mails the reminder to each buyer whose unpaid order lapses soon, once; how many were reminded. */
export async function remindUnpaidOrders(db: Db, rules: HoldRules, publicUrl: string): Promise<number> {
  let reminded = 0;
  for (const id of await ordersToRemind(db, reminderLeadMinutes(rules), ORDERS_PER_PASS)) {
    const sent = await db.transaction(async (tx) => {
      const order = await orderById(tx, id, true);
      if (!stillUnpaid(order) || !(await markReminded(tx, id))) return false;
      await enqueueMail(tx, paymentReminder({ ...order, due: amountDue(order), pay_until: new Date(order.hold_until) }, publicUrl));
      return true;
    });
    if (sent) reminded += 1;
  }
  return reminded;
}
