// Store of the basket's local choices that spec §3 keeps in lkData: the basket list ids, the chosen offer
// features (selectTop / selectBottom / selectSize by ext_id) and colours, and the gift card in the basket.
// The confirmed basket itself (server cart, outbox) arrives with the basket issue.
import { proxy, useSnapshot } from 'valtio';

export interface OfferFeature {
  selectTop?: string;
  selectBottom?: string;
  selectSize?: string;
}

export const basket = proxy({
  listIds: [] as string[],
  offerFeatures: {} as Record<string, OfferFeature>,
  offerColors: {} as Record<string, string>,
  giftCardExtId: null as string | null,
});

export const useBasket = () => useSnapshot(basket);

export function chooseFeature(offerId: number, feature: OfferFeature): void {
  basket.offerFeatures[String(offerId)] = { ...basket.offerFeatures[String(offerId)], ...feature };
}

export function chooseColor(offerId: number, colorSlug: string): void {
  basket.offerColors[String(offerId)] = colorSlug;
}
