// Payments behind a small interface (docs/architecture.md): a provider registers a payment row and answers the
// address the buyer pays at (the bank's form: sberbank.ts; the built-in test page: test-provider.ts), and
// brings the addresses it settles payments through (the bank's return and callback, the test page's forms).
// Starting a payment and settling one (paid or cancelled) are provider-neutral and run in the caller's
// transaction.
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { Queryable } from '../db/driver.ts';
import { HttpError } from '../plugins/errors.ts';
import { orderByGuid, orderById, type OrderRow } from '../orders/orders-sql.ts';
import { insertPayment, paymentByExternalId, pendingPayment, setPaymentStatus, setProviderRef, type PaymentRow } from './payments-sql.ts';
import { CARD_MESSAGES } from '../gift/gift-cards.ts';
import { settleOrderPaid } from '../orders/order-paid.ts';
import { amountDue } from '../../common/order-rules.ts';

/** What a provider learns of the payment's order when registering it. */
export interface PaymentOrder {
  number: string;
  /** Seconds the buyer has to pay before the order lets its goods go. */
  secondsLeft: number;
}

export interface PaymentProvider {
  readonly id: string;
  /**
   * Registers the payment with the provider (a call to the bank) and answers where the buyer pays it, with
   * the provider's own id of it. Runs under the order's lock: a second ask for the same order waits and
   * then reuses what this one stored.
   */
  register(payment: PaymentRow, order: PaymentOrder): Promise<{ url: string; ref: string | null }>;
  /** Registers the provider's own routes, through which its payments are settled (only the chosen provider's exist). */
  routes(app: FastifyInstance): void;
}

/** A payment's external id: 128 random bits, hex. */
const newExternalId = () => randomBytes(16).toString('hex');
const EXTERNAL_ID = /^[0-9a-f]{32}$/;

export const PAYMENT_MESSAGES = {
  orderNotFound: CARD_MESSAGES.orderNotFound,
  paid: CARD_MESSAGES.orderPaid,
  cancelled: CARD_MESSAGES.orderCancelled,
  paymentNotFound: 'Платёж не найден',
  noOnlinePayment: 'Оплата картой на сайте сейчас недоступна. Оплатите заказ подарочной картой или свяжитесь с нами',
} as const;

/** A payment of what is due on the order (a pending one for the same sum is reused). */
export async function startPayment(tx: Queryable, provider: PaymentProvider, guid: string): Promise<{ payment_url: string }> {
  const order = await orderByGuid(tx, guid, true);
  if (!order) throw new HttpError(404, PAYMENT_MESSAGES.orderNotFound);
  if (order.status === 'cancelled') throw new HttpError(409, PAYMENT_MESSAGES.cancelled);
  const due = amountDue(order);
  if (order.payment_status === 'paid' || due === 0) throw new HttpError(409, PAYMENT_MESSAGES.paid);
  const payment =
    (await pendingPayment(tx, order.id, provider.id, due)) ??
    (await insertPayment(tx, { orderId: order.id, provider: provider.id, amount: due, externalId: newExternalId() }));
  const secondsLeft = Math.floor((new Date(order.hold_until).getTime() - Date.now()) / 1000);
  // Past its deadline the order is about to be cancelled (within a minute): no payment starts for it, and a
  // bank form opened earlier is not handed out again.
  if (secondsLeft <= 0) throw new HttpError(409, PAYMENT_MESSAGES.cancelled);
  if (payment.provider_url) return { payment_url: payment.provider_url };
  const registered = await provider.register(payment, { number: order.number, secondsLeft });
  await setProviderRef(tx, payment.id, registered.ref, registered.url);
  return { payment_url: registered.url };
}

export interface PaymentView {
  payment: PaymentRow;
  order: OrderRow;
}

export async function viewPayment(db: Queryable, externalId: string): Promise<PaymentView | null> {
  const payment = EXTERNAL_ID.test(externalId) ? await paymentByExternalId(db, externalId) : null;
  const order = payment ? await orderById(db, payment.order_id) : null;
  return payment && order ? { payment, order } : null;
}

/** Locks the payment's order, then the payment (the order comes first everywhere). */
async function lockPayment(tx: Queryable, externalId: string): Promise<PaymentView> {
  const found = EXTERNAL_ID.test(externalId) ? await paymentByExternalId(tx, externalId) : null;
  if (!found) throw new HttpError(404, PAYMENT_MESSAGES.paymentNotFound);
  const order = (await orderById(tx, found.order_id, true))!;
  const payment = (await paymentByExternalId(tx, externalId, true))!;
  return { payment, order };
}

/**
 * The provider says the payment went through: the payment succeeds and its order is paid. A payment that
 * already succeeded, or an order already paid another way, changes nothing.
 */
export async function confirmPayment(tx: Queryable, externalId: string, publicUrl: string): Promise<{ order: OrderRow; paid: boolean }> {
  const { payment, order } = await lockPayment(tx, externalId);
  if (payment.status !== 'pending' || order.payment_status === 'paid') {
    return { order, paid: order.payment_status === 'paid' };
  }
  await setPaymentStatus(tx, payment.id, 'succeeded');
  await settleOrderPaid(tx, order, `Оплачено: платёж ${payment.provider} ${payment.external_id}`, publicUrl);
  return { order, paid: true };
}

/** The buyer gave up at the provider: a pending payment fails; the order stays unpaid. */
export async function cancelPayment(tx: Queryable, externalId: string): Promise<OrderRow> {
  const { payment, order } = await lockPayment(tx, externalId);
  if (payment.status === 'pending') await setPaymentStatus(tx, payment.id, 'failed');
  return order;
}
