// The lkData slice of spec §3 (favourites ids, offer features and colours, gift card id, city, order popup
// flag, search param; the basket's lines are saved by the basket sync, not here): its shape, how it is read
// out of the stores and put back. Pure of storage: persist.ts owns reading and writing it.
import { array, boolean, integer, nullable, optional, record, string, type, defaulted, type Infer } from 'superstruct';
import { check } from '../../common/validate.ts';
import { City } from '../../common/contract/orders.ts';
import { basket } from './basket.ts';
import { favorites } from './favorites.ts';
import { ui } from './ui.ts';

export { readLkData } from './lk-data-slice.ts';

const Feature = type({ selectTop: optional(string()), selectBottom: optional(string()), selectSize: optional(string()) });

export const LkData = type({
  favorites: defaulted(array(integer()), []),
  offerFeatures: defaulted(record(string(), Feature), {}),
  offerColors: defaulted(record(string(), string()), {}),
  giftCardId: defaulted(nullable(string()), null),
  city: defaulted(nullable(City), null),
  orderPopup: defaulted(boolean(), false),
  searchParam: defaulted(string(), ''),
});
export type LkData = Infer<typeof LkData>;

/** A stored slice with its missing fields defaulted, or null (and a warning) when it is malformed. */
export function parseLkData(raw: unknown): LkData | null {
  const res = check(raw ?? {}, LkData);
  if (res.ok) return res.value;
  console.warn('[lkData] stored data dropped:', res.message);
  return null;
}

/** Puts a stored slice back into the stores; anything malformed is dropped, never thrown. */
export function applyLkData(raw: unknown): boolean {
  const d = parseLkData(raw);
  if (!d) return false;
  putLkData(d);
  return true;
}

/** Sets the stores to a checked slice. */
export function putLkData(d: LkData): void {
  favorites.ids = d.favorites;
  basket.offerFeatures = d.offerFeatures;
  basket.offerColors = d.offerColors;
  basket.giftCardExtId = d.giftCardId;
  ui.city = d.city;
  ui.orderPopup = d.orderPopup;
  ui.searchParam = d.searchParam;
}
