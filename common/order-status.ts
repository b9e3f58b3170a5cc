// An order's statuses and its payment's, as the buyer sees them: the codes the database and the API carry,
// each with its Russian name, which status may follow which (TRANSITIONS), and the questions every part of
// the shop asks of an order (isPaid, isSettled, isFinal, hasLeftShop…). Only the server's order lifecycle
// (server/orders/lifecycle.ts) changes a status; the page, the desk, the exchange with 1C and the SQL that
// selects orders by status ask these predicates and lists rather than comparing codes of their own (a test,
// tests/unit/status-codes.test.ts, finds any comparison with a code outside this file and the lifecycle).

export const ORDER_STATUSES = {
  new: 'Новый',
  awaiting_payment: 'Ожидает оплаты',
  paid: 'Оплачен',
  assembling: 'Собирается',
  shipped: 'Передан в доставку',
  ready_for_pickup: 'Готов к выдаче',
  received: 'Получен',
  cancelled: 'Отменён',
  returned: 'Возвращён',
} as const;
export type OrderStatus = keyof typeof ORDER_STATUSES;
export const ORDER_STATUS_CODES = Object.keys(ORDER_STATUSES) as OrderStatus[];

/**
 * What the buyer is told when the order reaches a status (and, under 'returned', when some of its goods come
 * back): the order's lifecycle writes the mail and the push of it together (server/orders/lifecycle.ts
 * tellBuyer), and the push message says it (server/push/messages.ts).
 */
export const BUYER_NOTICES: Partial<Record<OrderStatus, { title: string; body: string }>> = {
  paid: { title: 'Заказ оплачен', body: 'Спасибо! Мы получили оплату и собираем ваш заказ.' },
  cancelled: { title: 'Заказ отменён', body: 'Заказ отменён. Если это ошибка, оформите его снова или позвоните нам.' },
  shipped: { title: 'Заказ отправлен', body: 'Заказ передан в доставку. Скоро он будет у вас.' },
  ready_for_pickup: { title: 'Заказ ждёт вас', body: 'Заказ доставлен в пункт выдачи: его можно забрать.' },
  received: { title: 'Заказ получен', body: 'Спасибо за покупку! Будем рады видеть вас снова.' },
  returned: { title: 'Возврат оформлен', body: 'Мы получили товары обратно и оформили возврат.' },
};

export const PAYMENT_STATUSES = {
  unpaid: 'Не оплачен',
  pending: 'Ожидает подтверждения банка',
  paid: 'Оплачен',
  refunding: 'Деньги возвращаются',
  refunded: 'Деньги возвращены',
} as const;
export type PaymentStatus = keyof typeof PAYMENT_STATUSES;
export const PAYMENT_STATUS_CODES = Object.keys(PAYMENT_STATUSES) as PaymentStatus[];

/**
 * How the buyer pays: online by card before the goods leave, or when they are handed over (cash or card to the
 * courier or at the pickup point), where the delivery method and zone allow it (delivery_tariffs).
 */
export const PAYMENT_METHODS = {
  card: 'Картой на сайте',
  on_receipt: 'Оплата при получении (наличными или картой)',
} as const;
export type PaymentMethod = keyof typeof PAYMENT_METHODS;
export const PAYMENT_METHOD_CODES = Object.keys(PAYMENT_METHODS) as PaymentMethod[];
export const paymentMethodName = (code: string): string => (PAYMENT_METHODS as Record<string, string>)[code] ?? code;

/**
 * Which status may follow which, for an order paid online. An order is cancelled until it leaves the shop;
 * after that it comes back as a return.
 */
export const TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  new: ['awaiting_payment', 'paid', 'cancelled'],
  awaiting_payment: ['paid', 'cancelled'],
  paid: ['assembling', 'cancelled'],
  assembling: ['shipped', 'ready_for_pickup', 'cancelled'],
  // Handed to a carrier, the parcel may reach a pickup point before the buyer has it.
  shipped: ['ready_for_pickup', 'received', 'returned'],
  ready_for_pickup: ['received', 'returned'],
  received: ['returned'],
  cancelled: [],
  returned: [],
};

/**
 * Which status may follow which, for an order paid on receipt: it is assembled and shipped unpaid (a manager
 * has called the buyer), and paid when it is received. Paid before that (a transfer 1C records), it goes on as
 * a paid order.
 */
export const ON_RECEIPT_TRANSITIONS: Readonly<Record<OrderStatus, readonly OrderStatus[]>> = {
  ...TRANSITIONS,
  new: ['assembling', 'paid', 'cancelled'],
};

type Statuses = { status: string; payment_status: string; payment_method: string };

/** The order is paid when its goods are handed over (cash or card at the door or the pickup point). */
export const paysOnReceipt = (o: Pick<Statuses, 'payment_method'>): boolean => o.payment_method === 'on_receipt';

/** Whether the order (its status a code this build may not know) may move to `to`, by its payment method's table. */
export const canMove = (o: Pick<Statuses, 'status' | 'payment_method'>, to: OrderStatus): boolean =>
  ((paysOnReceipt(o) ? ON_RECEIPT_TRANSITIONS : TRANSITIONS) as Record<string, readonly OrderStatus[]>)[o.status]?.includes(to) ?? false;

/** The statuses nothing follows: the order will not change again (a received order may still come back). */
export const FINAL_STATUSES: readonly OrderStatus[] = ORDER_STATUS_CODES.filter((s) => TRANSITIONS[s].length === 0);

/** The statuses of an order that has left the shop's hands: handed to delivery, waiting at the pickup point, or further. */
export const LEFT_SHOP_STATUSES: readonly OrderStatus[] = ['shipped', 'ready_for_pickup', 'received', 'returned'];

/**
 * The statuses of an order a carrier's reports may still move: being assembled (its shipment registered with the
 * carrier), handed to it, waiting at the pickup point.
 */
export const WITH_CARRIER_STATUSES: readonly OrderStatus[] = ['assembling', 'shipped', 'ready_for_pickup'];

/** The payment statuses of an order whose money has not come yet (the bank may still be about to say it has). */
export const UNSETTLED_PAYMENT_STATUSES: readonly PaymentStatus[] = ['unpaid', 'pending'];

/** The statuses of an order placed and not paid: it holds its goods until its deadline. */
export const UNPAID_STATUSES: readonly OrderStatus[] = ['new', 'awaiting_payment'];

/** The statuses of an order waiting for the shop: placed and not paid yet, or paid and not yet taken up by a manager. */
export const AWAITING_SHOP_STATUSES: readonly OrderStatus[] = ['new', 'paid'];

/** The payment statuses of an order whose money came at some time, whether it stays or has gone (or goes) back. */
export const SETTLED_PAYMENT_STATUSES: readonly PaymentStatus[] = ['paid', 'refunding', 'refunded'];

/** The Russian name of a status code; a code this build does not know reads as it came. */
export const orderStatusName = (code: string): string => (ORDER_STATUSES as Record<string, string>)[code] ?? code;
export const paymentStatusName = (code: string): string => (PAYMENT_STATUSES as Record<string, string>)[code] ?? code;

/** An order's status, its payment's and how it is paid, each as the API answers it: its code and its Russian name. */
export const namedStatuses = (o: Statuses) => ({
  status: o.status as OrderStatus,
  status_name: orderStatusName(o.status),
  payment_status: o.payment_status as PaymentStatus,
  payment_status_name: paymentStatusName(o.payment_status),
  payment_method: o.payment_method as PaymentMethod,
  payment_method_name: paymentMethodName(o.payment_method),
});

/** Each code under its own name, made from the tables: code that names a status is checked against them (ORDER.paid). */
const codesOf = <T extends string>(table: Record<T, string>) =>
  Object.fromEntries(Object.keys(table).map((c) => [c, c])) as { readonly [C in T]: C };
export const ORDER = codesOf(ORDER_STATUSES);
const PAYMENT = codesOf(PAYMENT_STATUSES);

/** The order's money has come and stays with the shop (a cancelled paid order's reads refunding, then refunded). */
export const isPaid = (o: Pick<Statuses, 'payment_status'>): boolean => o.payment_status === PAYMENT.paid;

/** The buyer's money came at some time (it may since have gone back): what the accounting system books as paid. */
export const isSettled = (o: Pick<Statuses, 'payment_status'>): boolean =>
  (SETTLED_PAYMENT_STATUSES as readonly string[]).includes(o.payment_status);

/** Nothing follows the order's status: cancelled, or all of it returned. */
export const isFinal = (o: Pick<Statuses, 'status'>): boolean => (FINAL_STATUSES as readonly string[]).includes(o.status);

/** The goods have left the shop's hands (shipped, at the pickup point, received, or back again). */
export const hasLeftShop = (o: Pick<Statuses, 'status'>): boolean => (LEFT_SHOP_STATUSES as readonly string[]).includes(o.status);

/** The order was cancelled: it holds nothing and waits for nothing. */
export const isCancelled = (o: Pick<Statuses, 'status'>): boolean => o.status === ORDER.cancelled;

/** A cancelled paid order's money is on its way back to the card it came from. */
export const isRefunding = (o: Pick<Statuses, 'payment_status'>): boolean => o.payment_status === PAYMENT.refunding;

/** A cancelled paid order's money is back on the card. */
export const isRefunded = (o: Pick<Statuses, 'payment_status'>): boolean => o.payment_status === PAYMENT.refunded;

/**
 * The order waits for its online payment and holds its goods until its deadline meanwhile (not paid, not
 * ended). An order paid on receipt waits for no payment before it leaves: it is held without a deadline.
 */
export const awaitsPayment = (o: Statuses): boolean =>
  !paysOnReceipt(o) &&
  (UNSETTLED_PAYMENT_STATUSES as readonly string[]).includes(o.payment_status) &&
  (UNPAID_STATUSES as readonly string[]).includes(o.status);

/** An order paid on receipt, not paid yet: what the buyer pays when the goods are handed over is still to come. */
export const paysAtHandOver = (o: Statuses): boolean => paysOnReceipt(o) && !isSettled(o) && !isFinal(o);
