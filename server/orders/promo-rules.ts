// Promo code rules, pure: whether a code applies to a goods sum now, the discount it gives (whole roubles,
// never more than the sum) and the Russian words for either answer.
import { formatPrice } from '../../common/money.ts';
import type { RefusalKind } from '../refusal.ts';

export interface PromoRow {
  code: string;
  kind: 'percent' | 'fixed';
  value: number;
  min_sum: number;
  valid_from: Date | string | null;
  valid_to: Date | string | null;
  max_uses: number | null;
  used_count: number;
  active: boolean;
}

export const PROMO_MESSAGES = {
  notFound: 'Промокод не найден',
  notYet: 'Промокод ещё не действует',
  expired: 'Срок действия промокода истёк',
  exhausted: 'Промокод больше не действует: все его использования исчерпаны',
  minSum: (sum: number) => `Промокод действует для заказов от ${formatPrice(sum)}`,
  applied: (p: Pick<PromoRow, 'kind' | 'value'>, discount: number) =>
    p.kind === 'percent'
      ? `Промокод применён: скидка ${p.value}% (${formatPrice(discount)})`
      : `Промокод применён: скидка ${formatPrice(discount)}`,
} as const;

export type PromoVerdict =
  { ok: true; code: string; discount: number; message: string } | { ok: false; kind: RefusalKind; message: string };

/** Codes are kept upper case; what people type is trimmed and upper-cased. */
export const normalizeCode = (code: string) => code.trim().toUpperCase();

export function evaluatePromo(promo: PromoRow | null, sum: number, now: Date = new Date()): PromoVerdict {
  if (!promo || !promo.active) return { ok: false, kind: 'notFound', message: PROMO_MESSAGES.notFound };
  if (promo.valid_from && new Date(promo.valid_from) > now) return { ok: false, kind: 'unprocessable', message: PROMO_MESSAGES.notYet };
  if (promo.valid_to && new Date(promo.valid_to) <= now) return { ok: false, kind: 'unprocessable', message: PROMO_MESSAGES.expired };
  if (promo.max_uses !== null && promo.used_count >= promo.max_uses) {
    return { ok: false, kind: 'unprocessable', message: PROMO_MESSAGES.exhausted };
  }
  if (sum < promo.min_sum) return { ok: false, kind: 'unprocessable', message: PROMO_MESSAGES.minSum(promo.min_sum) };
  const raw = promo.kind === 'percent' ? Math.floor((sum * promo.value) / 100) : promo.value;
  const discount = Math.max(0, Math.min(raw, sum));
  return { ok: true, code: promo.code, discount, message: PROMO_MESSAGES.applied(promo, discount) };
}
