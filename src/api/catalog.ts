// Calls of the catalogue: the menu's categories and brands, offer lists, filters, search, landing pages
// and product pages (spec §7). Methods, paths and answers come from the endpoint table; each takes the
// caller (`call` in the browser, the server's own when it renders a page).
import { LandingPage, OfferPage, type OfferFilter } from '../../common/contract/catalog.ts';
import { PAGE_SIZE } from '../../common/contract/base.ts';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { is } from 'superstruct';
import { ApiError, call, type ShopCall } from './client.ts';

export const getPreviewCategories = (api: ShopCall = call) => api(ENDPOINTS.previewCategories);
export const getBrands = (api: ShopCall = call) => api(ENDPOINTS.brands);

const dataParam = (data?: OfferFilter) => (data && Object.keys(data).length ? data : undefined);

export const getCategory = (path: string, api: ShopCall = call) => api(ENDPOINTS.category, { params: { '*': path } });
export const getBrand = (slug: string, api: ShopCall = call) => api(ENDPOINTS.brand, { params: { slug } });
export const getFilters = (scope: string, api: ShopCall = call) => api(ENDPOINTS.filters, { params: { '*': scope }, query: {} });

/** GET /v1/landing_page/{x} without `limit`: the landing's head. */
export async function getLanding(slug: string, api: ShopCall = call): Promise<LandingPage> {
  const answer = await api(ENDPOINTS.landingPage, { params: { slug }, query: { offset: 0 } });
  if (!is(answer, LandingPage)) throw new ApiError('Ответ сервера не по контракту: нет заголовка подборки', 0, answer);
  return answer;
}

/** GET /v1/landing_page/{x} with `limit`: a page of the landing's offers narrowed by the shopper's data. */
export async function getLandingOffers(slug: string, data?: OfferFilter, offset = 0, api: ShopCall = call): Promise<OfferPage> {
  const answer = await api(ENDPOINTS.landingPage, { params: { slug }, query: { limit: PAGE_SIZE, offset, data: dataParam(data) } });
  if (!is(answer, OfferPage)) throw new ApiError('Ответ сервера не по контракту: нет списка товаров', 0, answer);
  return answer;
}

/** GET /v1/offers/ or /v1/offers/{new|sale}/ with the `data` filter, 24 a page. */
export function getOffers(scope: 'all' | 'new' | 'sale', data?: OfferFilter, offset = 0, api: ShopCall = call) {
  const query = { limit: PAGE_SIZE, offset, data: dataParam(data) };
  return scope === 'all' ? api(ENDPOINTS.offers, { query }) : api(ENDPOINTS.offersInScope, { params: { scope }, query });
}

export function searchOffers(query: string, data?: OfferFilter, offset = 0, api: ShopCall = call) {
  return api(ENDPOINTS.search, { params: { '*': query }, query: { limit: PAGE_SIZE, offset, data: dataParam(data) } });
}

export function getProductOffer(categoryPath: string, pk: string, slug?: string, api: ShopCall = call) {
  return api(ENDPOINTS.productOffer, { query: { categoryPath, pk: Number(pk), slug } });
}

/** POST /v1/offers_list/: the favourites' offers, read from `response`; `excluded` are no longer sold. */
export function getOffersList(ids: readonly number[]) {
  return call(ENDPOINTS.offersList, { body: { ext_id: [...ids] } });
}
