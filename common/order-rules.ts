// The money rules of an order that the checkout shows before sending and the server applies when it places
// the order, written once: how many bonus points an order may take, its total, and what is left to pay
// after a gift card. Pure.

/** The most points an order may take by the programme's share: maxSharePercent of the goods after the promo. */
export function bonusSpendLimit(goodsAfterPromo: number, maxSharePercent: number): number {
  return Math.max(0, Math.floor((goodsAfterPromo * maxSharePercent) / 100));
}

/** The points an order takes of those asked for: whole points, no more than the balance or the share limit. */
export function pointsToSpend(requested: number, balance: number, goodsAfterPromo: number, maxSharePercent: number): number {
  return Math.max(0, Math.min(Math.floor(requested), balance, bonusSpendLimit(goodsAfterPromo, maxSharePercent)));
}

export interface OrderSums {
  /** Every line, gift certificates included. */
  items: number;
  promoDiscount: number;
  bonus: number;
  delivery: number;
}

/** What the order costs: its lines less the promo discount and the points (never below zero), plus delivery. */
export function orderTotal(s: OrderSums): number {
  return Math.max(0, s.items - s.promoDiscount - s.bonus) + s.delivery;
}

/**
 * What is left to pay on an order after what a gift card paid, and (an order paid on receipt) after the goods
 * the buyer handed back at the door before paying for them.
 */
export function amountDue(o: { total: number; gift_card_amount: number; returned_unpaid?: number }): number {
  return Math.max(0, o.total - o.gift_card_amount - (o.returned_unpaid ?? 0));
}
