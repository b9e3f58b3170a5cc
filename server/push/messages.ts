// What each notification says (in Russian), where it leads and how long the push service may hold it for a
// device that is offline: a favourite back in stock in the chosen size, a favourite's lower price, an order
// status the buyer is told of (BUYER_NOTICES, common/order-status.ts), an unpaid order about to lapse. Pure: fan-out.ts
// gathers the facts.
import type { PushKind, PushMessage } from '../../common/contract/push.ts';
import type { OrderNotice, ProductNotice } from './push-sql.ts';
import { formatPrice } from '../../common/money.ts';
import { href } from '../../common/routes.ts';
import { BUYER_NOTICES, ORDER, paysAtHandOver } from '../../common/order-status.ts';
import { amountDue } from '../../common/order-rules.ts';
import { moscowTime } from '../lib/public.ts';

export interface OutgoingMessage {
  message: PushMessage;
  /** Seconds the push service keeps it for a device that is offline; past that it is of no use. */
  ttlSeconds: number;
  urgency: 'normal' | 'high';
  /** A newer message of the same topic replaces one the device has not received yet. */
  topic: string | null;
}

const DAY = 24 * 60 * 60;

const message = (kind: PushKind, title: string, body: string, url: string, tag: string): PushMessage => ({
  kind,
  title,
  body,
  url,
  tag,
  version: 1,
});

export function backInStock(offer: ProductNotice, size: string | null): OutgoingMessage {
  const what = size ? `Размер ${size} снова в наличии.` : 'Снова в наличии.';
  return {
    message: message(
      'back_in_stock',
      'Товар из избранного снова в продаже',
      `${offer.name}: ${what} Успейте заказать.`,
      offer.full_path_offer,
      `stock-${offer.id}`,
    ),
    ttlSeconds: 2 * DAY,
    urgency: 'normal',
    topic: `stock-${offer.id}`,
  };
}

export function priceDrop(offer: ProductNotice, oldPrice: number, newPrice: number): OutgoingMessage {
  return {
    message: message(
      'price_drop',
      'Цена на товар из избранного снизилась',
      `${offer.name}: ${formatPrice(newPrice)} вместо ${formatPrice(oldPrice)}.`,
      offer.full_path_offer,
      `price-${offer.id}`,
    ),
    ttlSeconds: 2 * DAY,
    urgency: 'normal',
    topic: `price-${offer.id}`,
  };
}

/**
 * An order's new status; null for a status nobody is told about. An order paid on receipt on its way says what
 * the buyer pays when it is handed over.
 */
export function orderStatus(
  order: Pick<OrderNotice, 'number' | 'user_id'> & Partial<OrderNotice>,
  status: string,
  orderPath: string,
): OutgoingMessage | null {
  const notice = (BUYER_NOTICES as Record<string, { title: string; body: string } | undefined>)[status];
  if (!notice) return null;
  const onTheWay = status === ORDER.shipped || status === ORDER.ready_for_pickup;
  const door =
    onTheWay && order.payment_method && order.payment_status && order.status && paysAtHandOver(order as OrderNotice)
      ? ` При получении: ${formatPrice(amountDue(order as OrderNotice))}, наличными или картой.`
      : '';
  const text = { ...notice, body: `${notice.body}${door}` };
  // A signed-in buyer's order history lists it; a guest's order has its own page.
  const url = order.user_id !== null ? href('history-order') : orderPath;
  return {
    message: message('order_status', `${text.title}: № ${order.number}`, text.body, url, `order-${order.number}`),
    ttlSeconds: 3 * DAY,
    urgency: 'normal',
    topic: `order-${order.number.replace(/[^\w-]/g, '')}`.slice(0, 32),
  };
}

export function paymentReminder(order: { number: string; hold_until: Date | string }, orderPath: string): OutgoingMessage {
  const until = new Date(order.hold_until);
  const secondsLeft = Math.max(60, Math.floor((until.getTime() - Date.now()) / 1000));
  return {
    message: message(
      'payment_reminder',
      `Заказ № ${order.number} ждёт оплаты`,
      `Товары отложены до ${moscowTime(until)}. Если заказ не оплатить, он отменится и товары вернутся в продажу.`,
      orderPath,
      `order-${order.number}`,
    ),
    // A reminder after the deadline would only confuse.
    ttlSeconds: secondsLeft,
    urgency: 'high',
    topic: null,
  };
}
