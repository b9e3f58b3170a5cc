// Calls of the catalogue beyond the pages' own asks (common/pages/): the favourites' offers by their ids.
// Method, path and answer come from the endpoint table.
import { ENDPOINTS } from '../../common/endpoints.ts';
import { call } from './client.ts';

/** POST /v1/offers_list/: the favourites' offers, read from `response`; `excluded` are no longer sold. */
export function getOffersList(ids: readonly number[]) {
  return call(ENDPOINTS.offersList, { body: { ext_id: [...ids] } });
}
