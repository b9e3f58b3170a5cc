// Calls of the catalogue: categories, brands, colours and offer lists (spec §7).
import {
  BrandList,
  CategoryList,
  CategoryPreviewList,
  ColorList,
  OfferPage,
  PAGE_SIZE,
  type OfferFilter,
} from './contract.ts';
import { request } from './client.ts';

export const getCategories = () => request('/v1/categories', CategoryList);
export const getPreviewCategories = () => request('/v1/preview_category/', CategoryPreviewList);
export const getBrands = () => request('/v1/brands', BrandList);
export const getColors = () => request('/v1/color', ColorList);

/** GET /v1/offers/ or /v1/offers/{new|sale}/ with the `data` filter, 24 a page. */
export function getOffers(scope: 'all' | 'new' | 'sale', data?: OfferFilter, offset = 0, limit = PAGE_SIZE) {
  const path = scope === 'all' ? '/v1/offers/' : `/v1/offers/${scope}/`;
  return request(path, OfferPage, { query: { limit, offset, data: data && Object.keys(data).length ? data : undefined } });
}
