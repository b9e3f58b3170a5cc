// Paying an unpaid order from a gift card, in the caller's transaction on the locked order: the card pays
// goods and delivery but not certificates, the order's amount due drops, its stale pending payments lapse,
// and a wholly paid order becomes paid (the lifecycle's pay).
import type { Queryable } from '../db/public.ts';
import { CARD_MESSAGES, cardByCode, usableCard } from '../gift/public.ts';
import { Refusal } from '../refusal.ts';
import { orderById, orderItems, type OrderRow } from './orders-sql.ts';
import { addGiftCardAmount, chargeCard } from './lifecycle-records-sql.ts';
import { lapsePendingPayments } from './lifecycle-sql.ts';
import { LIFECYCLE_MESSAGES, pay, type Actor } from './lifecycle.ts';
import { canMove, isCancelled, isPaid, ORDER, paysOnReceipt } from '../../common/order-status.ts';
import { amountDue } from '../../common/order-rules.ts';
import { cleanCardCode } from '../../common/input-rules.ts';

/** What paying from a card did: the sum taken, what is left on the card and to pay, the order's payment now. */
export interface CardPayment {
  paid: number;
  balance: number;
  due: number;
  payment_status: string;
}

/** Pays the (locked) order from the card with this code, as much as the card and the rules allow. */
export async function payFromCard(tx: Queryable, order: OrderRow, code: string, payer: Actor, publicUrl: string): Promise<CardPayment> {
  if (isCancelled(order)) throw new Refusal('conflict', LIFECYCLE_MESSAGES.cancelled);
  if (isPaid(order) || amountDue(order) === 0) throw new Refusal('conflict', LIFECYCLE_MESSAGES.alreadyPaid);
  // An order paid on receipt takes a gift card until a manager takes it up: after that its sum to collect is set.
  if (paysOnReceipt(order) && !canMove(order, ORDER.paid)) throw new Refusal('conflict', LIFECYCLE_MESSAGES.onReceiptUnderWay);
  // What the carrier collects is the whole of each position: a gift card's share of it cannot be told to the carrier.
  if (paysOnReceipt(order) && order.carrier) throw new Refusal('conflict', LIFECYCLE_MESSAGES.giftCardWithCarrier);
  const card = usableCard(await cardByCode(tx, cleanCardCode(code), true));
  const items = await orderItems(tx, order.id);
  const certificates = items.reduce((s, i) => s + (i.gift_certificate_id !== null ? i.price * i.quantity : 0), 0);
  const payable = Math.max(0, order.total - certificates - order.gift_card_amount);
  const amount = Math.min(card.balance, amountDue(order), payable);
  if (amount <= 0) throw new Refusal('unprocessable', CARD_MESSAGES.certificates);

  const balance = await chargeCard(tx, card.id, order.id, amount);
  await addGiftCardAmount(tx, order.id, card.id, amount);
  await lapsePendingPayments(tx, order.id);
  const after = (await orderById(tx, order.id))!;
  if (amountDue(after) === 0) await pay(tx, after, payer, `Оплачено подарочной картой ${card.code}`, publicUrl);
  return { paid: amount, balance, due: amountDue(after), payment_status: (await orderById(tx, order.id))!.payment_status };
}
