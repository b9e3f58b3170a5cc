// Calls of the catalogue: the menu's categories and brands, offer lists, filters, search, landing pages
// and product pages (spec §7). Methods, paths and answers come from the endpoint table.
import { PAGE_SIZE } from '../../common/contract/base.ts';
import { LandingPage, OfferPage, type OfferFilter } from '../../common/contract/catalog.ts';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { is } from 'superstruct';
import { ApiError, call } from './client.ts';

export const getPreviewCategories = () => call(ENDPOINTS.previewCategories);
export const getBrands = () => call(ENDPOINTS.brands);

const dataParam = (data?: OfferFilter) => (data && Object.keys(data).length ? data : undefined);

export const getCategory = (path: string) => call(ENDPOINTS.category, { params: { '*': path } });
export const getBrand = (slug: string) => call(ENDPOINTS.brand, { params: { slug } });
export const getFilters = (scope: string) => call(ENDPOINTS.filters, { params: { '*': scope }, query: {} });

/** GET /v1/landing_page/{x} without `limit`: the landing's head. */
export async function getLanding(slug: string): Promise<LandingPage> {
  const answer = await call(ENDPOINTS.landingPage, { params: { slug }, query: { offset: 0 } });
  if (!is(answer, LandingPage)) throw new ApiError('Ответ сервера не по контракту: нет заголовка подборки', 0, answer);
  return answer;
}

/** GET /v1/landing_page/{x} with `limit`: a page of the landing's offers narrowed by the shopper's data. */
export async function getLandingOffers(slug: string, data?: OfferFilter, offset = 0, limit = PAGE_SIZE): Promise<OfferPage> {
  const answer = await call(ENDPOINTS.landingPage, { params: { slug }, query: { limit, offset, data: dataParam(data) } });
  if (!is(answer, OfferPage)) throw new ApiError('Ответ сервера не по контракту: нет списка товаров', 0, answer);
  return answer;
}

/** GET /v1/offers/ or /v1/offers/{new|sale}/ with the `data` filter, 24 a page. */
export function getOffers(scope: 'all' | 'new' | 'sale', data?: OfferFilter, offset = 0, limit = PAGE_SIZE) {
  const query = { limit, offset, data: dataParam(data) };
  return scope === 'all' ? call(ENDPOINTS.offers, { query }) : call(ENDPOINTS.offersInScope, { params: { scope }, query });
}

export function searchOffers(query: string, data?: OfferFilter, offset = 0, limit = PAGE_SIZE) {
  return call(ENDPOINTS.search, { params: { '*': query }, query: { limit, offset, data: dataParam(data) } });
}

export function getProductOffer(categoryPath: string, pk: string, slug?: string) {
  return call(ENDPOINTS.productOffer, { query: { categoryPath, pk: Number(pk), slug } });
}

/** POST /v1/offers_list/: the favourites' offers, read from `response`; `excluded` are no longer sold. */
export function getOffersList(ids: readonly number[]) {
  return call(ENDPOINTS.offersList, { body: { ext_id: [...ids] } });
}
