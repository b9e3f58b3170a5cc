// Unpaid orders against their deadline (orders/unpaid-holds.ts): the buyer is mailed a reminder shortly
// before it, and once it has passed the payment provider is asked about the order's payments registered
// with it (a buyer may have paid on the bank's form in its last minute, its word not come yet): one it says
// is paid pays the order; while it cannot be asked, the order waits for the next pass. Otherwise the pass asks
// the order's lifecycle to cancel it (orders/lifecycle.ts), in its own transaction, which gives back all that
// placing it took.
import type { Db, Queryable } from '../db/public.ts';
import {
  SYSTEM,
  cancel,
  markReminded,
  orderById,
  paymentReminder,
  registeredPendingPayments,
  reminderLeadMinutes,
  type HoldRules,
  type OrderRow,
} from '../orders/public.ts';
import { confirmPayment, type PaymentProvider, type Verdict } from '../payments/public.ts';
import { enqueueMail } from '../mail/public.ts';
import { lapsedUnpaidOrderIds, ordersToRemind } from './unpaid-orders-sql.ts';
import { awaitsPayment } from '../../common/order-status.ts';
import { amountDue } from '../../common/order-rules.ts';

/** Orders handled per pass at most; the rest wait for the next pass. */
const ORDERS_PER_PASS = 200;

export const CANCEL_COMMENT = 'Заказ не оплачен вовремя: товары вернулись в продажу';

const stillUnpaid = (o: OrderRow | null): o is OrderRow => !!o && awaitsPayment(o);

/** Cancels a lapsed order found by lapsedUnpaidOrderIds, when it is still unpaid under its row lock (a payment may have come in). */
async function cancelLapsed(tx: Queryable, orderId: number, publicUrl: string): Promise<boolean> {
  const order = await orderById(tx, orderId, true);
  if (!stillUnpaid(order) || new Date(order.hold_until).getTime() > Date.now()) return false;
  await cancel(tx, order, SYSTEM, CANCEL_COMMENT, publicUrl);
  return true;
}

/** The payment provider the pass asks before cancelling, and the shop's address for the paid order's mail. */
export interface PaymentCheck {
  provider: PaymentProvider | null;
  publicUrl: string;
}

/** What a pass did with the lapsed orders: cancelled, found paid at the provider, or kept until it answers. */
export interface ExpiryReport {
  cancelled: number;
  paidLate: number;
  waiting: number;
}

/**
 * Cancels every unpaid order past its deadline, each in its own transaction, once the payment provider says
 * none of its payments registered there went through (asked outside any transaction). A provider that does
 * not answer is asked no more in this pass (each call may take its whole timeout): the orders with payments
 * registered there wait for the next pass.
 */
export async function expireUnpaidOrders(db: Db, { provider, publicUrl }: PaymentCheck): Promise<ExpiryReport> {
  const report: ExpiryReport = { cancelled: 0, paidLate: 0, waiting: 0 };
  let silent = false;
  const ask = async (orderId: number): Promise<'cancel' | 'settled' | 'wait'> => {
    for (const payment of await registeredPendingPayments(db, orderId)) {
      if (!provider || payment.provider !== provider.id) continue; // a provider the shop no longer uses: not asked
      if (silent) return 'wait';
      let verdict: Verdict;
      try {
        verdict = await provider.status(payment);
      } catch {
        silent = true; // the provider logs why it could not be asked
        return 'wait';
      }
      if (verdict === 'taken' && (await db.transaction((tx) => confirmPayment(tx, payment.external_id, publicUrl))).paid) return 'settled';
    }
    return 'cancel';
  };
  for (const id of await lapsedUnpaidOrderIds(db, ORDERS_PER_PASS)) {
    const outcome = await ask(id);
    if (outcome === 'settled') report.paidLate += 1;
    else if (outcome === 'wait') report.waiting += 1;
    else if (await db.transaction((tx) => cancelLapsed(tx, id, publicUrl))) report.cancelled += 1;
  }
  return report;
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
