// Money in kopecks as the receipts and refunds count it (server/orders/receipt.ts), written as the shop writes
// prices (common/money.ts); apart from money.ts, which every page loads, because only the server and the
// manager's desk show kopecks.
import { formatPrice, groupDigits, NBSP } from './money.ts';

/** Kopecks as money: 123400 -> "1 234 ₽", 123456 -> "1 234,56 ₽" (a refund of a discounted line need not be whole roubles). */
export function formatKopecks(kopecks: number): string {
  const roubles = Math.floor(Math.abs(kopecks) / 100);
  const rest = Math.abs(kopecks) % 100;
  const sign = kopecks < 0 ? '-' : '';
  return rest === 0 ? `${sign}${formatPrice(roubles)}` : `${sign}${groupDigits(roubles)},${String(rest).padStart(2, '0')}${NBSP}₽`;
}
