// The lkData slice as the stores hold it now (lk-data.ts has its shape and checks): plain objects, no
// validation library, so the page's first chunk can read it (app/start.ts journals it: unsaved-lkdata.ts).
import type { LkData } from './lk-data.ts';
import { basket } from './basket.ts';
import { favorites } from './favorites.ts';
import { ui } from './ui.ts';

export function readLkData(): LkData {
  return {
    favorites: [...favorites.ids],
    offerFeatures: JSON.parse(JSON.stringify(basket.offerFeatures)) as LkData['offerFeatures'],
    offerColors: { ...basket.offerColors },
    giftCardId: basket.giftCardExtId,
    city: ui.city ? { ...ui.city } : null,
    orderPopup: ui.orderPopup,
    searchParam: ui.searchParam,
  };
}

/** The slice of a first visit (what lk-data.ts's defaults give an empty record; a test holds them equal). */
export const emptyLkData = (): LkData => ({
  favorites: [],
  offerFeatures: {},
  offerColors: {},
  giftCardId: null,
  city: null,
  orderPopup: false,
  searchParam: '',
});
