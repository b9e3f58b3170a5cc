// What an order's payment brings, once (the lifecycle's pay, lifecycle.ts, calls it as the order becomes
// paid): bonus points accrued for a signed-in buyer (bonus-rules.ts), and a gift card issued and mailed for
// each certificate bought.
import { randomInt } from 'node:crypto';
import type { Queryable } from '../db/public.ts';
import { accrualFor, addLedgerEntry, expiryOf } from '../accounts/public.ts';
import { cardsIssuedFor } from '../gift/public.ts';
import { issueCard } from './lifecycle-records-sql.ts';
import { enqueueMail } from '../mail/public.ts';
import { orderItems, type OrderItemRow, type OrderRow } from './orders-sql.ts';
import { giftCardMail } from './order-mails.ts';

/** A bought card lasts this long. */
export const CARD_LIFETIME_DAYS = 365;
const CODE_ALPHABET = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789'; // no 0/O, 1/I

/** "MM-7KQ2-WX9P-H4TD": 60 random bits in groups people can type. */
export function newCardCode(): string {
  const group = () => Array.from({ length: 4 }, () => CODE_ALPHABET[randomInt(CODE_ALPHABET.length)]).join('');
  return `MM-${group()}-${group()}-${group()}`;
}

export const goodsSumOf = (items: readonly Pick<OrderItemRow, 'gift_certificate_id' | 'price' | 'quantity'>[]) =>
  items.reduce((sum, i) => sum + (i.gift_certificate_id === null ? i.price * i.quantity : 0), 0);

/**
 * The goods kept less their share of the order's discounts: what the points accrue on. All the goods when the
 * order is paid ahead; when it is paid at the hand-over, those the buyer kept after trying them on.
 */
function keptAfterDiscounts(order: OrderRow, items: readonly OrderItemRow[]): number {
  const goods = goodsSumOf(items);
  const kept = goodsSumOf(items.map((i) => ({ ...i, quantity: i.quantity - i.returned })));
  if (goods === 0) return 0;
  return kept - Math.round(((order.promo_discount + order.bonus_spent) * kept) / goods);
}

/** The points and the bought cards of the (locked) order that has just become paid. */
export async function paidEffects(tx: Queryable, order: OrderRow, publicUrl: string): Promise<void> {
  const items = await orderItems(tx, order.id);
  const now = new Date();

  if (order.user_id !== null) {
    const points = accrualFor(keptAfterDiscounts(order, items));
    if (points > 0) {
      await addLedgerEntry(tx, { userId: order.user_id, orderId: order.id, kind: 'accrual', amount: points, expiresAt: expiryOf(now) });
    }
  }

  if ((await cardsIssuedFor(tx, order.id)) === 0) {
    const expiresAt = new Date(now.getTime() + CARD_LIFETIME_DAYS * 24 * 60 * 60 * 1000);
    for (const item of items) {
      if (item.gift_certificate_id === null) continue;
      for (let n = 0; n < item.quantity; n++) {
        const code = newCardCode();
        await issueCard(tx, { code, certificateId: item.gift_certificate_id, amount: item.price, orderId: order.id, expiresAt });
        await enqueueMail(
          tx,
          giftCardMail(
            { to: order.buyer_email, fio: order.buyer_fio, number: order.number, name: item.name, code, amount: item.price, expiresAt },
            publicUrl,
          ),
        );
      }
    }
  }
}
