// An order's statuses and its payment's, as the buyer sees them: the codes the database and the API carry,
// each with its Russian name. Which status may follow which, and what each change does, is the server's
// order lifecycle (server/orders/lifecycle.ts); the API answers the name beside the code, and the page asks
// these predicates rather than comparing codes of its own.

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
 * What the buyer is told when the order reaches a status: the order's lifecycle mails it, the push trigger of
 * migration 015 names the same statuses, and the push message says it (server/orders/lifecycle.ts, push/).
 */
export const BUYER_NOTICES: Partial<Record<OrderStatus, { title: string; body: string }>> = {
  paid: { title: 'Заказ оплачен', body: 'Спасибо! Мы получили оплату и собираем ваш заказ.' },
  cancelled: { title: 'Заказ отменён', body: 'Заказ отменён. Если это ошибка, оформите его снова или позвоните нам.' },
  shipped: { title: 'Заказ отправлен', body: 'Заказ передан в доставку. Скоро он будет у вас.' },
  ready_for_pickup: { title: 'Заказ ждёт вас', body: 'Заказ доставлен в пункт выдачи: его можно забрать.' },
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

/** The Russian name of a status code; a code this build does not know reads as it came. */
export const orderStatusName = (code: string): string => (ORDER_STATUSES as Record<string, string>)[code] ?? code;
export const paymentStatusName = (code: string): string => (PAYMENT_STATUSES as Record<string, string>)[code] ?? code;

type Statuses = { status: string; payment_status: string };

/** Each code under its own name, made from the tables: code that names a status is checked against them (ORDER.paid). */
const codesOf = <T extends string>(table: Record<T, string>) =>
  Object.fromEntries(Object.keys(table).map((c) => [c, c])) as { readonly [C in T]: C };
export const ORDER = codesOf(ORDER_STATUSES);
const PAYMENT = codesOf(PAYMENT_STATUSES);

/** The order's money has come and stays with the shop (a cancelled paid order's reads refunding, then refunded). */
export const isPaid = (o: Pick<Statuses, 'payment_status'>): boolean => o.payment_status === PAYMENT.paid;

/** The order was cancelled: it holds nothing and waits for nothing. */
export const isCancelled = (o: Pick<Statuses, 'status'>): boolean => o.status === ORDER.cancelled;

/** A cancelled paid order's money is on its way back to the card it came from. */
export const isRefunding = (o: Pick<Statuses, 'payment_status'>): boolean => o.payment_status === PAYMENT.refunding;

/** A cancelled paid order's money is back on the card. */
export const isRefunded = (o: Pick<Statuses, 'payment_status'>): boolean => o.payment_status === PAYMENT.refunded;

/** The order waits for its money and holds its goods meanwhile (not paid, not ended). */
export const awaitsPayment = (o: Statuses): boolean =>
  (o.payment_status === PAYMENT.unpaid || o.payment_status === PAYMENT.pending) &&
  (o.status === ORDER.new || o.status === ORDER.awaiting_payment);
