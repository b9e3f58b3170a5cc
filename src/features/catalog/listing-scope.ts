// Which list a listing route shows: a category (with its tag), new, sale, a brand, a landing page or a
// search; how to load its offers and which filters scope of GET /v1/all/filters/{x}/ it uses.
import type { OfferFilter } from '../../../common/contract/catalog.ts';
import type { ShopCall } from '../../api/client.ts';
import { getLandingOffers, getOffers, searchOffers } from '../../api/catalog.ts';
import { categoryPathOf, type RouteMatch } from '../../../common/routes.ts';

export type ListingScope =
  | { kind: 'category'; path: string; tag?: string }
  | { kind: 'new' | 'sale' }
  | { kind: 'brand'; slug: string }
  | { kind: 'landing'; slug: string }
  | { kind: 'search'; query: string };

export function scopeOf(found: RouteMatch, pathname: string, searchParam: string): ListingScope {
  const { route, params } = found;
  if (route.name === 'new' || route.name === 'sale') return { kind: route.name };
  if (route.name === 'brands-slug') return { kind: 'brand', slug: params.slug ?? '' };
  if (route.name === 'podborka') return { kind: 'landing', slug: params.slug ?? '' };
  if (route.name === 'search') return { kind: 'search', query: searchParam.trim() };
  return { kind: 'category', path: categoryPathOf(found, pathname), tag: params.tag };
}

/** The x of GET /v1/all/filters/{x}/. */
export function filtersKey(s: ListingScope): string {
  switch (s.kind) {
    case 'category':
      return s.path;
    case 'brand':
      return `brand/${s.slug}`;
    case 'landing':
      return `landing/${s.slug}`;
    case 'search':
      return `search/${s.query}`;
    default:
      return s.kind;
  }
}

/** The shopper's filter plus what the scope itself fixes (category, tag, brand). */
export function scopedFilter(s: ListingScope, filter: OfferFilter): OfferFilter {
  if (s.kind === 'category') return { ...filter, categories: [s.path], ...(s.tag ? { tags: [s.tag] } : {}) };
  if (s.kind === 'brand') return { ...filter, brands: [s.slug] };
  return filter;
}

export function loadOffers(s: ListingScope, filter: OfferFilter, offset: number, api?: ShopCall) {
  const data = scopedFilter(s, filter);
  switch (s.kind) {
    case 'new':
    case 'sale':
      return getOffers(s.kind, data, offset, api);
    case 'landing':
      return getLandingOffers(s.slug, data, offset, api);
    case 'search':
      return searchOffers(s.query, data, offset, api);
    default:
      return getOffers('all', data, offset, api);
  }
}
