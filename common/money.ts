// Price and number formatting of spec §9: groups of three digits split by a (no-break) space, then ₽.
export const NBSP = '\u00a0';

/** 1234 -> "1 234", -56789 -> "-56 789" (no-break spaces so a price never wraps). */
export function groupDigits(n: number): string {
  const sign = n < 0 ? '-' : '';
  const digits = String(Math.round(Math.abs(n)));
  return sign + digits.replace(/\B(?=(\d{3})+(?!\d))/g, NBSP);
}

/** 1234 -> "1 234 ₽". */
export function formatPrice(roubles: number): string {
  return `${groupDigits(roubles)}${NBSP}₽`;
}
