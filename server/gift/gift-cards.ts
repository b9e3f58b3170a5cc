// Gift cards: whether a code can pay now (found, not expired, money left), with the Russian refusals. Paying
// an order from a card is the order's business (orders/gift-card-payment.ts).
import { Refusal } from '../refusal.ts';
import type { GiftCardRow } from './gift-sql.ts';

export const CARD_MESSAGES = {
  notFound: 'Подарочная карта не найдена',
  expired: 'Срок действия подарочной карты истёк',
  empty: 'На подарочной карте не осталось средств',
  certificates: 'Подарочной картой нельзя оплатить подарочные сертификаты',
} as const;

/** The card when it can pay now; otherwise the refusal. */
export function usableCard(card: GiftCardRow | null, now: Date = new Date()): GiftCardRow {
  if (!card) throw new Refusal('notFound', CARD_MESSAGES.notFound);
  if (new Date(card.expires_at) <= now) throw new Refusal('unprocessable', CARD_MESSAGES.expired);
  if (card.balance <= 0) throw new Refusal('unprocessable', CARD_MESSAGES.empty);
  return card;
}
