// Calls of the catalogue: the menu's categories and brands, offer lists, filters, search, landing pages
// and product pages (spec §7).
import {
  BrandDetail,
  BrandList,
  CategoryDetail,
  CategoryPreviewList,
  Filters,
  LandingPage,
  OfferPage,
  OffersListResponse,
  PAGE_SIZE,
  ProductOffer,
  type OfferFilter,
} from '../../common/contract.ts';
import { request } from './client.ts';

export const getPreviewCategories = () => request('/v1/preview_category/', CategoryPreviewList);
export const getBrands = () => request('/v1/brands', BrandList);

/** Path segments are encoded one by one: a category path keeps its slashes. */
const segments = (path: string) => path.split('/').map(encodeURIComponent).join('/');
const dataParam = (data?: OfferFilter) => (data && Object.keys(data).length ? data : undefined);

export const getCategory = (path: string) => request(`/v1/category/${segments(path)}`, CategoryDetail);
export const getBrand = (slug: string) => request(`/v1/brands/${encodeURIComponent(slug)}`, BrandDetail);
export const getLanding = (slug: string) => request(`/v1/landing_page/${encodeURIComponent(slug)}`, LandingPage);
export const getFilters = (scope: string) => request(`/v1/all/filters/${segments(scope)}/`, Filters);

/** GET /v1/offers/ or /v1/offers/{new|sale}/ with the `data` filter, 24 a page. */
export function getOffers(scope: 'all' | 'new' | 'sale', data?: OfferFilter, offset = 0, limit = PAGE_SIZE) {
  const path = scope === 'all' ? '/v1/offers/' : `/v1/offers/${scope}/`;
  return request(path, OfferPage, { query: { limit, offset, data: dataParam(data) } });
}

export function getLandingOffers(slug: string, data?: OfferFilter, offset = 0, limit = PAGE_SIZE) {
  return request(`/v1/landing_page/${encodeURIComponent(slug)}/`, OfferPage, { query: { limit, offset, data: dataParam(data) } });
}

export function searchOffers(query: string, data?: OfferFilter, offset = 0, limit = PAGE_SIZE) {
  return request(`/v1/search/${encodeURIComponent(query)}/`, OfferPage, { query: { limit, offset, data: dataParam(data) } });
}

export function getProductOffer(categoryPath: string, pk: string, slug?: string) {
  return request('/v1/product_offer/', ProductOffer, { query: { categoryPath, pk, slug } });
}

/** POST /v1/offers_list/: the favourites' offers, read from `response`; `excluded` are no longer sold. */
export function getOffersList(ids: readonly number[]) {
  return request('/v1/offers_list/', OffersListResponse, { method: 'POST', body: { ext_id: ids } });
}
