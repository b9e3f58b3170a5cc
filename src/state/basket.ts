// Store of the basket (spec §3): the confirmed lines the server last answered with, the queued changes
// not yet confirmed, notices about refused changes, the dropdown's state, and the local choices kept in
// lkData (the offer features and colours chosen, the gift card in the basket). The basket page the
// server renders for its shopper starts from their confirmed basket (seedBasket); on the server, where this
// module's store would be shared by every request, the basket is read from the request's seeds instead.
import { proxy, useSnapshot, type Snapshot } from 'valtio';
import type { BasketItem } from '../../common/contract/basket.ts';
import type { Mutation, Notice } from '../../common/basket-queue.ts';
import { basketKnown } from './personal.ts';
import { BASKET_SEED, onServer, perRender, useSeeds, type Seeds } from './seeds.ts';

export interface OfferFeature {
  selectTop?: string;
  selectBottom?: string;
  selectSize?: string;
}

const initial = () => ({
  // lkData (the basket's lines themselves are saved by the basket sync, as the confirmed basket and its queue)
  offerFeatures: {} as Record<string, OfferFeature>,
  offerColors: {} as Record<string, string>,
  giftCardExtId: null as string | null,
  // server state and the outbox
  cart: [] as BasketItem[],
  queue: [] as Mutation[],
  notices: [] as Notice[],
  dropdownOpen: false,
});

export const basket = proxy(initial());

type Basket = ReturnType<typeof initial>;

const seededCart = (seeds: Seeds): BasketItem[] | undefined => {
  const seed = seeds[BASKET_SEED];
  return seed && 'data' in seed ? (seed.data as BasketItem[]) : undefined;
};

/** The confirmed basket the server rendered this page with (the basket page only), as it came. */
let renderedCart: readonly BasketItem[] | undefined;
export const cartRenderedWith = (): readonly BasketItem[] | undefined => renderedCart;

/** Before hydrating the basket page: the store has the confirmed basket the server rendered it with. */
export function seedBasket(seeds: Seeds): void {
  const cart = seededCart(seeds);
  if (!cart) return;
  renderedCart = cart;
  basket.cart = cart;
  basketKnown();
}

const onServerFrom = perRender((seeds) => ({ ...initial(), cart: seededCart(seeds) ?? [] }) as Snapshot<Basket>);

export function useBasket(): Snapshot<Basket> {
  const seeds = useSeeds();
  const snap = useSnapshot(basket);
  return onServer() ? onServerFrom(seeds) : snap;
}

export function chooseFeature(offerId: number, feature: OfferFeature): void {
  basket.offerFeatures[String(offerId)] = { ...basket.offerFeatures[String(offerId)], ...feature };
}

export function chooseColor(offerId: number, colorSlug: string): void {
  basket.offerColors[String(offerId)] = colorSlug;
}

/** Spec §3 summary: the sum is price times quantity, the count is the number of lines. */
export function summary(cart: readonly Pick<BasketItem, 'price' | 'quantity'>[]): { sum: number; count: number } {
  return { sum: cart.reduce((s, l) => s + l.price * l.quantity, 0), count: cart.length };
}

export function dismissNotice(id: string): void {
  basket.notices = basket.notices.filter((n) => n.id !== id);
}
