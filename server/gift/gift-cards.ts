// Gift cards: whether a code can pay (found, not expired, money left), and paying an unpaid order from a
// card in the caller's transaction: the card pays goods and delivery but not certificates, the order's
// amount due drops, its stale pending payments lapse, and a wholly paid order becomes paid.
import type { Queryable } from '../db/driver.ts';
import { HttpError } from '../plugins/errors.ts';
import { cardByCode, chargeCard, type GiftCardRow } from './gift-sql.ts';
import { addGiftCardAmount, orderById, orderItems, type OrderRow } from '../orders/orders-sql.ts';
import { failPendingPayments } from '../payments/payments-sql.ts';
import { pay, type Actor } from '../orders/lifecycle.ts';
import { isCancelled, isPaid } from '../../common/order-status.ts';
import { amountDue } from '../../common/order-rules.ts';
import { cleanCardCode } from '../../common/input-rules.ts';

export const CARD_MESSAGES = {
  notFound: 'Подарочная карта не найдена',
  expired: 'Срок действия подарочной карты истёк',
  empty: 'На подарочной карте не осталось средств',
  certificates: 'Подарочной картой нельзя оплатить подарочные сертификаты',
  orderNotFound: 'Заказ не найден',
  orderPaid: 'Заказ уже оплачен',
  orderCancelled: 'Заказ отменён',
} as const;

/** The card when it can pay now; otherwise the refusal. */
export function usableCard(card: GiftCardRow | null, now: Date = new Date()): GiftCardRow {
  if (!card) throw new HttpError(404, CARD_MESSAGES.notFound);
  if (new Date(card.expires_at) <= now) throw new HttpError(422, CARD_MESSAGES.expired);
  if (card.balance <= 0) throw new HttpError(422, CARD_MESSAGES.empty);
  return card;
}

/** What is left to pay on an order. */

export interface CardPayment {
  paid: number;
  balance: number;
  due: number;
  payment_status: string;
}

/** Pays the (locked) order from the card with this code, as much as the card and the rules allow. */
export async function payFromCard(tx: Queryable, order: OrderRow, code: string, payer: Actor, publicUrl: string): Promise<CardPayment> {
  if (isCancelled(order)) throw new HttpError(409, CARD_MESSAGES.orderCancelled);
  if (isPaid(order) || amountDue(order) === 0) throw new HttpError(409, CARD_MESSAGES.orderPaid);
  const card = usableCard(await cardByCode(tx, cleanCardCode(code), true));
  const items = await orderItems(tx, order.id);
  const certificates = items.reduce((s, i) => s + (i.gift_certificate_id !== null ? i.price * i.quantity : 0), 0);
  const payable = Math.max(0, order.total - certificates - order.gift_card_amount);
  const amount = Math.min(card.balance, amountDue(order), payable);
  if (amount <= 0) throw new HttpError(422, CARD_MESSAGES.certificates);

  const balance = await chargeCard(tx, card.id, order.id, amount);
  await addGiftCardAmount(tx, order.id, card.id, amount);
  await failPendingPayments(tx, order.id);
  const after = (await orderById(tx, order.id))!;
  if (amountDue(after) === 0) await pay(tx, after, payer, `Оплачено подарочной картой ${card.code}`, publicUrl);
  return { paid: amount, balance, due: amountDue(after), payment_status: (await orderById(tx, order.id))!.payment_status };
}
