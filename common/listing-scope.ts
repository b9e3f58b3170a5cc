// Which list a listing address shows (a category with its tag, new, sale, a brand, a landing page or a
// search), read from the address alone, and the three answers it shows: the scope's detail (its name and
// description), the page of offers and the filters (GET /v1/all/filters/{x}/). The listing's page modules
// (common/pages/category.ts, listing.ts) ask them, and ListingPage reads the same asks.
import type { BrandDetail, CategoryDetail, Filters, LandingPage, OfferFilter, OfferPage } from './contract/catalog.ts';
import { PAGE_SIZE } from './catalog-basics.ts';
import { parseListingQuery } from './listing-query.ts';
import { ask, type Ask, type PageAt } from './page-module.ts';
import { categoryPathOf } from './route-match.ts';

export type ListingScope =
  | { kind: 'category'; path: string; tag?: string }
  | { kind: 'new' | 'sale' }
  | { kind: 'brand'; slug: string }
  | { kind: 'landing'; slug: string }
  | { kind: 'search'; query: string };

/** What a listing's head names it by: a category's, brand's or landing's detail. */
export type ListingDetail = CategoryDetail | BrandDetail | LandingPage;

export function scopeOf(at: Pick<PageAt, 'route' | 'params' | 'path'>, searchParam: string): ListingScope {
  const { route, params } = at;
  if (route.name === 'new' || route.name === 'sale') return { kind: route.name };
  if (route.name === 'brands-slug') return { kind: 'brand', slug: params.slug ?? '' };
  if (route.name === 'podborka') return { kind: 'landing', slug: params.slug ?? '' };
  if (route.name === 'search') return { kind: 'search', query: searchParam.trim() };
  return { kind: 'category', path: categoryPathOf(at, at.path), tag: params.tag };
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

/** A listing's address read: its scope, page, the shopper's filter and the search's words as typed. */
export interface ListingAt {
  scope: ListingScope;
  page: number;
  filter: OfferFilter;
  searchParam: string;
}

export function listingAt(at: PageAt): ListingAt {
  const searchParam = new URLSearchParams(at.search).get('searchParam') ?? '';
  const { page, filter } = parseListingQuery(at.search);
  return { scope: scopeOf(at, searchParam), page, filter, searchParam };
}

export interface ListingAsks {
  [name: string]: Ask | undefined;
  detail: Ask<ListingDetail> | undefined;
  offers: Ask<OfferPage>;
  filters: Ask<Filters>;
}

/** The page of offers of a scope: GET /v1/offers/, /v1/offers/{new|sale}/, /v1/landing_page/{x} or /v1/search/{q}, 24 a page. */
function offersAsk(s: ListingScope, filter: OfferFilter, page: number): Ask<OfferPage> {
  const data = scopedFilter(s, filter);
  const query = { limit: PAGE_SIZE, offset: (page - 1) * PAGE_SIZE, data: Object.keys(data).length ? data : undefined };
  switch (s.kind) {
    case 'new':
    case 'sale':
      return ask('offersInScope', { params: { scope: s.kind }, query });
    case 'landing':
      // With `limit` a landing answers a page of its offers (without it, its head).
      return ask('landingPage', { params: { slug: s.slug }, query }) as Ask<OfferPage>;
    case 'search':
      return ask('search', { params: { '*': s.query }, query });
    default:
      return ask('offers', { query });
  }
}

function detailAsk(s: ListingScope): Ask<ListingDetail> | undefined {
  if (s.kind === 'category') return ask('category', { params: { '*': s.path } });
  if (s.kind === 'brand') return ask('brand', { params: { slug: s.slug } });
  if (s.kind === 'landing') return ask('landingPage', { params: { slug: s.slug }, query: { offset: 0 } }) as Ask<LandingPage>;
  return undefined;
}

/** The asks of a listing address (already read, when the caller has: `listingAt(at)`). */
export function listingAsks(at: PageAt, { scope, filter, page }: ListingAt = listingAt(at)): ListingAsks {
  return {
    detail: detailAsk(scope),
    offers: offersAsk(scope, filter, page),
    filters: ask('filters', { params: { '*': filtersKey(scope) }, query: {} }),
  };
}
