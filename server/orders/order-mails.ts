// The texts of the checkout's mail: the buyer's confirmation (with the deadline to pay online, or what is paid
// on receipt), the reminder before an unpaid order lapses, a change of the order's status, the manager's
// new-order notice, and a bought gift card's code. Plain text in Russian, with a link to the order's page.
import { formatPrice } from '../../common/money.ts';
import type { Mail } from '../mail/public.ts';
import { moscowTime } from '../lib/public.ts';
import { amountDue } from '../../common/order-rules.ts';
import { orderPath } from '../../common/order-paths.ts';
import { paysOnReceipt } from '../../common/order-status.ts';

/** What an order with fitting promises, as the fitting page says it. */
export const FITTING_TEXT =
  'С примеркой: курьер подождёт, пока вы примеряете вещи; оплачиваются только подошедшие вещи и доставка, остальное курьер заберёт.';

/** What the buyer of an order paid on receipt pays when the goods are handed over. */
export const atHandOverText = (due: number) => `Оплата при получении, наличными или картой: ${formatPrice(due)}`;

export interface MailLine {
  name: string;
  brand: string;
  size: string;
  color: string;
  price: number;
  quantity: number;
}

export interface MailOrder {
  guid: string;
  number: string;
  buyer_fio: string;
  buyer_email: string;
  buyer_phone: string;
  city_name: string;
  address: string;
  delivery_name: string;
  delivery_price: number;
  items_sum: number;
  promo_code: string | null;
  promo_discount: number;
  bonus_spent: number;
  gift_card_amount: number;
  total: number;
  /** 'card' or 'on_receipt' (common/order-status.ts PAYMENT_METHODS). */
  payment_method: string;
  /** The buyer tries the goods on at the door and keeps what fits. */
  fitting: boolean;
  comment: string;
  lines: readonly MailLine[];
  /** Until when the unpaid order holds its goods; null once it is paid. */
  pay_until: Date | null;
}

const orderUrl = (publicUrl: string, guid: string) => `${publicUrl}${orderPath(guid)}`;

function lineText(l: MailLine): string {
  const details = [l.brand, l.size, l.color].filter(Boolean).join(', ');
  return `— ${l.name}${details ? ` (${details})` : ''} × ${l.quantity}: ${formatPrice(l.price * l.quantity)}`;
}

function sumsText(o: MailOrder): string[] {
  const rows = [`Товары: ${formatPrice(o.items_sum)}`];
  if (o.promo_discount) rows.push(`Скидка по промокоду ${o.promo_code ?? ''}: −${formatPrice(o.promo_discount)}`);
  if (o.bonus_spent) rows.push(`Оплачено бонусами: −${formatPrice(o.bonus_spent)}`);
  rows.push(`Доставка (${o.delivery_name}): ${o.delivery_price ? formatPrice(o.delivery_price) : 'бесплатно'}`);
  rows.push(`Итого: ${formatPrice(o.total)}`);
  if (o.gift_card_amount) {
    rows.push(`Оплачено подарочной картой: ${formatPrice(o.gift_card_amount)}`);
    rows.push(`К оплате: ${formatPrice(amountDue(o))}`);
  }
  if (paysOnReceipt(o) && amountDue(o) > 0) rows.push(atHandOverText(amountDue(o)));
  return rows;
}

const place = (o: MailOrder) => [o.city_name, o.address].filter(Boolean).join(', ');

export function buyerConfirmation(o: MailOrder, publicUrl: string): Mail {
  return {
    kind: 'order_confirmation',
    to: o.buyer_email,
    subject: `Заказ ${o.number} принят — Море и Мода`,
    body: [
      `Здравствуйте, ${o.buyer_fio}!`,
      '',
      `Ваш заказ ${o.number} принят. Менеджер магазина скоро позвонит, чтобы уточнить детали.`,
      '',
      'Состав заказа:',
      ...o.lines.map(lineText),
      '',
      ...sumsText(o),
      `Доставка: ${place(o)}`,
      ...(o.fitting ? [FITTING_TEXT] : []),
      '',
      `Заказ и его оплата: ${orderUrl(publicUrl, o.guid)}`,
      ...(o.pay_until
        ? ['', `Оплатите заказ до ${moscowTime(o.pay_until)}: до этого времени товары отложены для вас, потом заказ отменится.`]
        : []),
      '',
      'Спасибо, что выбрали «Море и Мода»!',
    ].join('\n'),
  };
}

/** The reminder before an unpaid order lapses. */
export function paymentReminder(
  o: Pick<MailOrder, 'guid' | 'number' | 'buyer_fio' | 'buyer_email' | 'total'> & { due: number; pay_until: Date },
  publicUrl: string,
): Mail {
  return {
    kind: 'payment_reminder',
    to: o.buyer_email,
    subject: `Заказ ${o.number} ждёт оплаты — Море и Мода`,
    body: [
      `Здравствуйте, ${o.buyer_fio}!`,
      '',
      `Заказ ${o.number} ещё не оплачен: к оплате ${formatPrice(o.due)}. Товары отложены для вас до ${moscowTime(o.pay_until)}; если заказ не оплатить до этого времени, он отменится и товары вернутся в продажу.`,
      '',
      `Оплатить: ${orderUrl(publicUrl, o.guid)}`,
    ].join('\n'),
  };
}

export function managerNotice(o: MailOrder, to: string, publicUrl: string): Mail {
  return {
    kind: 'manager_new_order',
    to,
    subject: `Новый заказ ${o.number} на ${formatPrice(o.total)}`,
    body: [
      `Новый заказ ${o.number}.`,
      '',
      `Покупатель: ${o.buyer_fio}`,
      `Телефон: ${o.buyer_phone}`,
      `E-mail: ${o.buyer_email}`,
      `Доставка: ${o.delivery_name}, ${place(o)}`,
      ...(o.comment ? [`Комментарий: ${o.comment}`] : []),
      '',
      ...o.lines.map(lineText),
      '',
      ...sumsText(o),
      '',
      `Заказ: ${orderUrl(publicUrl, o.guid)}`,
    ].join('\n'),
  };
}

/** Why the shop no longer waited for a payment the provider took money for. */
export type LatePaymentReason = 'order_cancelled' | 'paid_otherwise' | 'sum_changed';

const LATE_REASON: Record<LatePaymentReason, string> = {
  order_cancelled: 'заказ уже отменён',
  paid_otherwise: 'заказ уже оплачен другим платежом',
  sum_changed: 'сумма к оплате изменилась (часть заказа оплачена подарочной картой), и этот платёж был отменён',
};

/**
 * Money the payment provider took for a payment the shop had given up on (the order cancelled for want of
 * payment, paid another way, or its sum changed): the manager gives it back or counts it towards the order.
 */
export function latePaymentNotice(
  o: Pick<MailOrder, 'number' | 'guid' | 'buyer_fio' | 'buyer_phone' | 'buyer_email'>,
  reason: LatePaymentReason,
  p: { provider: string; external_id: string; provider_ref: string | null; amount: number },
  to: string,
  publicUrl: string,
): Mail {
  return {
    kind: 'manager_late_payment',
    to,
    subject: `Оплата по заказу ${o.number}, который её уже не ждёт: ${formatPrice(p.amount)}`,
    body: [
      `По заказу ${o.number} пришла оплата ${formatPrice(p.amount)}, хотя ${LATE_REASON[reason]}.`,
      'Верните деньги покупателю или свяжитесь с ним, чтобы зачесть их в заказ.',
      '',
      `Платёж: ${p.provider} ${p.external_id}${p.provider_ref ? ` (у платёжной системы: ${p.provider_ref})` : ''}`,
      `Покупатель: ${o.buyer_fio}`,
      `Телефон: ${o.buyer_phone}`,
      `E-mail: ${o.buyer_email}`,
      '',
      `Заказ: ${orderUrl(publicUrl, o.guid)}`,
    ].join('\n'),
  };
}

export function giftCardMail(
  c: { to: string; fio: string; number: string; name: string; code: string; amount: number; expiresAt: Date },
  publicUrl: string,
): Mail {
  return {
    kind: 'gift_card',
    to: c.to,
    subject: `Ваш подарочный сертификат на ${formatPrice(c.amount)}`,
    body: [
      `Здравствуйте, ${c.fio}!`,
      '',
      `Заказ ${c.number} оплачен. ${c.name}:`,
      '',
      `Код карты: ${c.code}`,
      `Номинал: ${formatPrice(c.amount)}`,
      `Действует до ${c.expiresAt.toLocaleDateString('ru-RU', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'Europe/Moscow' })}`,
      '',
      `Введите код при оформлении заказа: ${publicUrl}/basket`,
    ].join('\n'),
  };
}

/** A change of the order's status the buyer is told of (BUYER_NOTICES, common/order-status.ts), with what was given back. */
export function orderStatusMail(
  o: Pick<MailOrder, 'guid' | 'number' | 'buyer_fio' | 'buyer_email'>,
  notice: { title: string; body: string },
  returned: readonly string[],
  publicUrl: string,
): Mail {
  return {
    kind: 'order_status',
    to: o.buyer_email,
    subject: `${notice.title}: заказ ${o.number} — Море и Мода`,
    body: [
      `Здравствуйте, ${o.buyer_fio}!`,
      '',
      `Заказ ${o.number}. ${notice.body}`,
      ...(returned.length ? ['', `${returned.map((r) => r[0].toUpperCase() + r.slice(1)).join('. ')}.`] : []),
      '',
      `Заказ: ${orderUrl(publicUrl, o.guid)}`,
    ].join('\n'),
  };
}
