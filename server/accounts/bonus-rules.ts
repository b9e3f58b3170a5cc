// The bonus programme's rules, in this one module (signed-in users only): 5% of the paid goods sum is
// accrued when an order is paid, at most 30% of an order's goods (after the promo discount) may be paid
// with points (common/order-rules.ts, which the checkout page shows too), and points expire 365 days after
// they were accrued (spent first-in, first-out).
import { bonusSpendLimit, pointsToSpend as pointsWithinLimit } from '../../common/order-rules.ts';

export const BONUS_RULES = {
  accrualPercent: 5,
  maxSharePercent: 30,
  lifetimeDays: 365,
} as const;

const DAY_MS = 24 * 60 * 60 * 1000;

/** Points accrued for a paid order whose goods (certificates excluded) cost this much after discounts. */
export function accrualFor(paidGoodsSum: number): number {
  return Math.max(0, Math.floor((paidGoodsSum * BONUS_RULES.accrualPercent) / 100));
}

/** The most points an order with this goods sum (after the promo discount) may take. */
export function spendLimit(goodsSum: number): number {
  return bonusSpendLimit(goodsSum, BONUS_RULES.maxSharePercent);
}

/** When points accrued at this moment expire. */
export function expiryOf(accruedAt: Date): Date {
  return new Date(accruedAt.getTime() + BONUS_RULES.lifetimeDays * DAY_MS);
}

export interface LedgerEntry {
  /** Positive accrues (accrual, welcome), negative spends or expires. */
  amount: number;
  expires_at: Date | string | null;
  created_at: Date | string;
}

/**
 * The points a user may spend now: every spend uses the oldest unexpired points first, and what is left of
 * an accrual after its expiry is gone.
 */
export function bonusBalance(entries: readonly LedgerEntry[], now: Date = new Date()): number {
  const lots: { left: number; expires: number }[] = [];
  const time = (d: Date | string) => new Date(d).getTime();
  const sorted = [...entries].sort((a, b) => time(a.created_at) - time(b.created_at));
  for (const e of sorted) {
    const at = time(e.created_at);
    if (e.amount > 0) {
      lots.push({ left: e.amount, expires: e.expires_at ? time(e.expires_at) : Number.POSITIVE_INFINITY });
      continue;
    }
    let owed = -e.amount;
    for (const lot of lots) {
      if (owed === 0) break;
      if (lot.left === 0 || lot.expires <= at) continue;
      const used = Math.min(lot.left, owed);
      lot.left -= used;
      owed -= used;
    }
  }
  const t = now.getTime();
  return lots.reduce((sum, lot) => sum + (lot.expires > t ? lot.left : 0), 0);
}

/** Points an order may take: what was asked, within the balance and the programme's share limit. */
export function pointsToSpend(requested: number, balance: number, goodsSum: number): number {
  return pointsWithinLimit(requested, balance, goodsSum, BONUS_RULES.maxSharePercent);
}
