// The order's money rules that the checkout page shows and the server applies (common/order-rules.ts):
// points within the balance and the programme's share, the total never below the delivery price, and what
// is left to pay after a gift card.
import { describe, expect, it } from 'vitest';
import { amountDue, bonusSpendLimit, orderTotal, pointsToSpend } from '../../common/order-rules.ts';

describe('order rules', () => {
  it('lets points pay at most the share of the goods after the promo, within the balance, in whole points', () => {
    expect(bonusSpendLimit(10_000, 30)).toBe(3000);
    expect(bonusSpendLimit(999, 30)).toBe(299);
    expect(pointsToSpend(5000, 4000, 10_000, 30)).toBe(3000);
    expect(pointsToSpend(5000, 1200, 10_000, 30)).toBe(1200);
    expect(pointsToSpend(150.7, 1200, 10_000, 30)).toBe(150);
    expect(pointsToSpend(-5, 1200, 10_000, 30)).toBe(0);
  });

  it('totals the lines less the promo and the points, never below zero, plus delivery', () => {
    expect(orderTotal({ items: 10_000, promoDiscount: 1000, bonus: 500, delivery: 350 })).toBe(8850);
    expect(orderTotal({ items: 1000, promoDiscount: 1000, bonus: 300, delivery: 350 })).toBe(350);
  });

  it('leaves to pay what a gift card did not', () => {
    expect(amountDue({ total: 8850, gift_card_amount: 5000 })).toBe(3850);
    expect(amountDue({ total: 3000, gift_card_amount: 5000 })).toBe(0);
  });
});
