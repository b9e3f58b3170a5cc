// The bonus programme's rules (server/accounts/bonus-rules.ts), pure: accrual, the share of an order points
// may pay, expiry, and first-in-first-out spending.
import { describe, expect, it } from 'vitest';
import { BONUS_RULES, accrualFor, bonusBalance, expiryOf, pointsToSpend, spendLimit } from '../../server/accounts/bonus-rules.ts';

const DAY = 24 * 60 * 60 * 1000;
const now = new Date('2026-11-22T12:00:00Z');
const ago = (days: number) => new Date(now.getTime() - days * DAY);

describe('bonus rules', () => {
  it('accrues 5% of the paid goods, whole points', () => {
    expect(BONUS_RULES).toEqual({ accrualPercent: 5, maxSharePercent: 30, lifetimeDays: 365 });
    expect(accrualFor(10000)).toBe(500);
    expect(accrualFor(1999)).toBe(99);
    expect(accrualFor(-5)).toBe(0);
  });

  it('lets points pay at most 30% of the goods, within the balance and what was asked', () => {
    expect(spendLimit(10000)).toBe(3000);
    expect(pointsToSpend(5000, 4000, 10000)).toBe(3000);
    expect(pointsToSpend(1000, 4000, 10000)).toBe(1000);
    expect(pointsToSpend(5000, 700, 10000)).toBe(700);
    expect(pointsToSpend(-3, 700, 10000)).toBe(0);
  });

  it('expires points 365 days after accrual, spending the oldest first', () => {
    expect(expiryOf(now).getTime() - now.getTime()).toBe(365 * DAY);
    const old = { amount: 100, created_at: ago(400), expires_at: expiryOf(ago(400)) }; // expired 35 days ago
    const recent = { amount: 200, created_at: ago(30), expires_at: expiryOf(ago(30)) };
    expect(bonusBalance([old, recent], now)).toBe(200);
    // A spend made while the old points were alive used them first: the recent ones are whole.
    expect(bonusBalance([old, recent, { amount: -80, created_at: ago(50), expires_at: null }], now)).toBe(200);
    // Made after they expired, it takes from the recent ones.
    expect(bonusBalance([old, recent, { amount: -80, created_at: ago(10), expires_at: null }].reverse(), now)).toBe(120);
    expect(bonusBalance([], now)).toBe(0);
  });
});
