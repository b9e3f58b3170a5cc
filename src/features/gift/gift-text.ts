// The gift pages' text rules, pure: how the answer of POST /v1/check_card/ reads ('На карте 3 500 ₽,
// действует до 31 декабря 2027') and sums that never break.
import { formatDate } from '../../lib/dates.ts';
import { formatPrice } from '../../../common/money.ts';

export function balanceText(card: { balance: number; expires_at: string }, now: Date = new Date()): string {
  const expires = new Date(card.expires_at);
  if (!Number.isNaN(expires.getTime()) && expires.getTime() <= now.getTime()) {
    return `Срок действия карты истёк ${formatDate(expires, now)}`;
  }
  return `На карте ${formatPrice(card.balance)}, действует до ${formatDate(expires, now)}`;
}

/** "Сертификат на 10 000 ₽" keeps "10 000 ₽" on one line: the spaces inside a sum become no-break ones. */
export function keepSumsTogether(text: string): string {
  return text.replace(/(\d) (?=\d{3}(?!\d))/g, '$1\u00a0').replace(/(\d) ₽/g, '$1\u00a0₽');
}
