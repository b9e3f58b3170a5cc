// What this device's notifications watch: each favourite (state/favorites.ts) with the variants the shopper
// chose for it on its product page (basket.offerFeatures, by offer id: selectSize, or selectTop and
// selectBottom of a set; none chosen: any size), within the contract's bounds (common/contract/push.ts).
import { MAX_ID } from '../../common/contract/base.ts';
import { MAX_PUSH_WATCHES, type PushWatch } from '../../common/contract/push.ts';
import { basket, type OfferFeature } from './basket.ts';
import { favorites } from './favorites.ts';

const MAX_EXT_IDS = 10;
const MAX_EXT_ID_LENGTH = 100;

/** The watches of these favourites (the newest kept when there are too many), each offer once. */
export function watchesOf(ids: readonly number[], features: Readonly<Record<string, Readonly<OfferFeature>>>): PushWatch[] {
  const seen = new Set<number>();
  const watches: PushWatch[] = [];
  for (const id of ids) {
    if (!Number.isInteger(id) || id < 1 || id > MAX_ID || seen.has(id)) continue;
    seen.add(id);
    const f = features[String(id)] ?? {};
    const chosen = [f.selectSize, f.selectTop, f.selectBottom].filter(
      (ext): ext is string => typeof ext === 'string' && ext.length > 0 && ext.length <= MAX_EXT_ID_LENGTH,
    );
    watches.push({ offer_id: id, ext_ids: [...new Set(chosen)].slice(0, MAX_EXT_IDS) });
  }
  return watches.slice(-MAX_PUSH_WATCHES);
}

/** The watches of the favourites now. */
export const currentWatches = (): PushWatch[] => watchesOf(favorites.ids, basket.offerFeatures);
