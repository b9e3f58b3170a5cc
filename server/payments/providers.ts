// Payments behind a small interface (docs/architecture.md): a provider registers a payment row and answers the
// address the buyer pays at (the bank's form: sberbank.ts; the built-in test page: test-provider.ts), and
// brings the addresses it settles payments through (the bank's return and callback, the test page's forms).
// Starting a payment (the provider's call outside any transaction) and settling one (paid or cancelled, in
// the caller's transaction) are provider-neutral.
import type { FastifyInstance } from 'fastify';
import { randomBytes } from 'node:crypto';
import type { Db, Queryable } from '../db/public.ts';
import {
  LIFECYCLE_MESSAGES,
  SYSTEM,
  latePaymentNotice,
  orderByGuid,
  orderById,
  orderItems,
  pay,
  saleReceipt,
  shopMail,
  type OrderRow,
  type Receipt,
  claimProviderRef,
  insertPayment,
  markLatePaid,
  paymentByExternalId,
  pendingPayment,
  setPaymentStatus,
  type PaymentRow,
} from '../orders/public.ts';
import type { VatRate } from '../config.ts';
import { enqueueMail } from '../mail/public.ts';
import { Refusal } from '../refusal.ts';
import { isCancelled, isPaid, paysOnReceipt } from '../../common/order-status.ts';
import { amountDue } from '../../common/order-rules.ts';

/** What a provider learns of the payment's order when registering it. */
export interface PaymentOrder {
  number: string;
  /** Seconds the buyer has to pay before the order lets its goods go. */
  secondsLeft: number;
  createdAt: Date;
}

/** What became of a payment, in the provider's word. */
export type Verdict = 'taken' | 'failed' | 'pending';

export interface PaymentProvider {
  readonly id: string;
  /**
   * Registers the payment with the provider (a call to the bank) and answers where the buyer pays it, with
   * the provider's own id of it. Runs outside any transaction (a slow bank holds no lock, and on PGlite no
   * other request); one at a time for a payment in this process, and a second ask reuses what it stored.
   */
  register(payment: PaymentRow, order: PaymentOrder): Promise<{ url: string; ref: string | null }>;
  /**
   * What became of a payment registered with it, asked of the provider (the bank's status call): paid only
   * for exactly its sum. Throws when the provider cannot be asked (the bank does not answer).
   */
  status(payment: PaymentRow): Promise<Verdict>;
  /**
   * Gives `kopecks` of a payment that went through back to the card it came from, with the refund's fiscal
   * receipt when the payment had one (payments/refunds.ts asks, outside any transaction). `id` is the shop's
   * id of the refund, which the provider keeps: the same refund asked again is recognised and not made twice.
   * `before` is what earlier refunds of the payment gave back. Resolves once the provider has taken the
   * refund, or had taken it before; throws with the reason when it refuses or does not answer, and the
   * refund is asked again later.
   */
  refund(
    payment: PaymentRow,
    refund: { id: number; kopecks: number; before: number; receipt: Receipt | null; createdAt: Date },
  ): Promise<void>;
  /**
   * Issues the closing (full-payment) receipt of goods handed over against a payment that went through (the
   * provider's cash register prints it; payments/closing-receipts.ts asks, outside any transaction). Resolves
   * once the provider has taken it; throws with the reason when it refuses or does not answer.
   */
  closeReceipt(payment: PaymentRow, closing: { id: number; receipt: Receipt; createdAt: Date }): Promise<void>;
  /** Registers the provider's own routes, through which its payments are settled (only the chosen provider's exist). */
  routes(app: FastifyInstance): void;
}

/** A payment's external id: 128 random bits, hex. */
const newExternalId = () => randomBytes(16).toString('hex');
const EXTERNAL_ID = /^[0-9a-f]{32}$/;

export const PAYMENT_MESSAGES = {
  orderNotFound: LIFECYCLE_MESSAGES.notFound,
  paid: LIFECYCLE_MESSAGES.alreadyPaid,
  cancelled: LIFECYCLE_MESSAGES.cancelled,
  paymentNotFound: 'Платёж не найден',
  noOnlinePayment: 'Оплата картой на сайте сейчас недоступна. Оплатите заказ подарочной картой или свяжитесь с нами',
  onReceipt: 'Этот заказ оплачивается при получении, наличными или картой',
  orderChanged: 'Заказ изменился, пока мы готовили оплату. Обновите страницу и попробуйте ещё раз',
} as const;

/**
 * Starts paying what is due on the order: the provider's address for it, registered once (a pending payment
 * for the same sum is reused, with its address). The order's checks and the payment row are one
 * transaction; the provider's call comes after it. Should the order change while the provider answered (a
 * gift card paid part, it was paid or cancelled), the start is made again from the order as it is now.
 */
export async function startPayment(db: Db, provider: PaymentProvider, guid: string, vat: VatRate): Promise<{ payment_url: string }> {
  for (let tries = 0; tries < 2; tries++) {
    const start = await db.transaction((tx) => paymentToStart(tx, provider, guid, vat));
    const url = start.payment.provider_url ?? (await registerOnce(db, provider, start));
    if (url !== null) return { payment_url: url };
  }
  throw new Refusal('conflict', PAYMENT_MESSAGES.orderChanged);
}

interface PaymentStart {
  payment: PaymentRow;
  order: PaymentOrder;
}

/**
 * Under the order's lock: whether it may be paid now, and the pending payment of what is due, with the fiscal
 * receipt of that payment (what the card pays: the whole order, or its share of each position when a gift card
 * paid the rest).
 */
async function paymentToStart(tx: Queryable, provider: PaymentProvider, guid: string, vat: VatRate): Promise<PaymentStart> {
  const order = await orderByGuid(tx, guid, true);
  if (!order) throw new Refusal('notFound', PAYMENT_MESSAGES.orderNotFound);
  if (isCancelled(order)) throw new Refusal('conflict', PAYMENT_MESSAGES.cancelled);
  const due = amountDue(order);
  if (isPaid(order) || due === 0) throw new Refusal('conflict', PAYMENT_MESSAGES.paid);
  if (paysOnReceipt(order)) throw new Refusal('conflict', PAYMENT_MESSAGES.onReceipt);
  const payment =
    (await pendingPayment(tx, order.id, provider.id, due)) ??
    (await insertPayment(tx, {
      orderId: order.id,
      provider: provider.id,
      amount: due,
      externalId: newExternalId(),
      receipt: saleReceipt(order, await orderItems(tx, order.id), vat, due * 100),
    }));
  const secondsLeft = Math.floor((new Date(order.hold_until).getTime() - Date.now()) / 1000);
  // Past its deadline the order is about to be cancelled (within a minute): no payment starts for it, and a
  // bank form opened earlier is not handed out again.
  if (secondsLeft <= 0) throw new Refusal('conflict', PAYMENT_MESSAGES.cancelled);
  return { payment, order: { number: order.number, secondsLeft, createdAt: new Date(order.created_at) } };
}

/** The registrations under way in this process, by database and payment id: a second ask waits for the first. */
const registering = new WeakMap<Db, Map<number, Promise<string | null>>>();

function registerOnce(db: Db, provider: PaymentProvider, start: PaymentStart): Promise<string | null> {
  const id = start.payment.id;
  let ofDb = registering.get(db);
  if (!ofDb) registering.set(db, (ofDb = new Map()));
  const underWay = ofDb;
  let running = underWay.get(id);
  if (!running) {
    running = register(db, provider, start).finally(() => underWay.delete(id));
    underWay.set(id, running);
  }
  return running;
}

/** The provider's address for the payment, kept on it; null when the payment stopped being pending meanwhile. */
async function register(db: Db, provider: PaymentProvider, { payment, order }: PaymentStart): Promise<string | null> {
  // An ask that read the payment while another registered it, and came here once that one was done: the
  // address is kept by now (the bank would refuse the same number again, after a second call for nothing).
  const kept = await paymentByExternalId(db, payment.external_id);
  if (kept?.status !== 'pending') return null;
  if (kept.provider_url) return kept.provider_url;
  let registered: { url: string; ref: string | null };
  try {
    registered = await provider.register(payment, order);
  } catch (err) {
    // Another server process may have registered it first (the bank refuses the same number twice), or the
    // payment stopped being pending meanwhile (a gift card paid part, the order lapsed): start again.
    const now = await paymentByExternalId(db, payment.external_id);
    if (now?.status !== 'pending') return null;
    if (now.provider_url) return now.provider_url;
    throw err;
  }
  const now = await claimProviderRef(db, payment.id, registered.ref, registered.url);
  return now?.status === 'pending' ? now.provider_url : null;
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
  if (!found) throw new Refusal('notFound', PAYMENT_MESSAGES.paymentNotFound);
  const order = (await orderById(tx, found.order_id, true))!;
  const payment = (await paymentByExternalId(tx, externalId, true))!;
  return { payment, order };
}

/** What became of the provider's word that a payment went through. */
export interface Confirmed {
  order: OrderRow;
  /** The order is paid (by this payment or before). */
  paid: boolean;
  /** The money came for a payment the shop had given up on (its order cancelled, paid another way, or its sum changed). */
  late: boolean;
}

/**
 * The provider says the payment went through: a pending payment succeeds and its order is paid. A payment
 * that already succeeded changes nothing. Money for a payment the shop had given up on (it lapsed with its
 * order, the order was paid another way, or its sum changed) is the manager's to give back or count
 * towards the order: they are mailed once.
 */
export async function confirmPayment(tx: Queryable, externalId: string, publicUrl: string): Promise<Confirmed> {
  const { payment, order } = await lockPayment(tx, externalId);
  const paidBefore = isPaid(order);
  if (payment.status === 'succeeded') return { order, paid: paidBefore, late: false };
  if (payment.status !== 'pending' || paidBefore) {
    await tellManagerOfLateMoney(tx, payment, order, publicUrl);
    return { order, paid: paidBefore, late: true };
  }
  await setPaymentStatus(tx, payment.id, 'succeeded');
  await pay(tx, order, SYSTEM, `Оплачено: платёж ${payment.provider} ${payment.external_id}`, publicUrl);
  return { order, paid: true, late: false };
}

async function tellManagerOfLateMoney(tx: Queryable, payment: PaymentRow, order: OrderRow, publicUrl: string): Promise<void> {
  const shop = await shopMail(tx);
  if (!shop.manager_email) return; // nobody to tell: the next word of the provider tries again
  if (!(await markLatePaid(tx, payment.id))) return; // told before (the bank's callback and the buyer's return)
  const reason = isCancelled(order) ? 'order_cancelled' : isPaid(order) ? 'paid_otherwise' : 'sum_changed';
  await enqueueMail(tx, latePaymentNotice(order, reason, payment, shop.manager_email, publicUrl));
}

/** The buyer gave up at the provider: a pending payment fails; the order stays unpaid. */
export async function cancelPayment(tx: Queryable, externalId: string): Promise<OrderRow> {
  const { payment, order } = await lockPayment(tx, externalId);
  if (payment.status === 'pending') await setPaymentStatus(tx, payment.id, 'failed');
  return order;
}
