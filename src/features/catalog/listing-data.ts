// What a listing page loads, from its address alone: its scope, page and filter, and three requests: the
// head (a category's, brand's or landing's detail), the page of offers and the filters. The page reads them
// (ListingPage.tsx) and the server runs the same before rendering it (src/app/page-requests.ts).
import type { BrandDetail, CategoryDetail, LandingPage, OfferFilter, OfferPage, Filters } from '../../../common/contract/catalog.ts';
import { PAGE_SIZE } from '../../../common/contract/base.ts';
import { matchRoute } from '../../../common/routes.ts';
import { getBrand, getCategory, getFilters, getLanding } from '../../api/catalog.ts';
import type { DataRequest } from '../../components/use-load.ts';
import { parseListingQuery } from '../../lib/listing-query.ts';
import { filtersKey, loadOffers, scopeOf, type ListingScope } from './listing-scope.ts';

export type ListingDetail = CategoryDetail | BrandDetail | LandingPage;

export interface ListingRequests {
  scope: ListingScope;
  page: number;
  filter: OfferFilter;
  searchParam: string;
  head: DataRequest<ListingDetail> | null;
  offers: DataRequest<OfferPage>;
  facets: DataRequest<Filters>;
}

function headRequest(scope: ListingScope): DataRequest<ListingDetail> | null {
  if (scope.kind === 'category') return { key: `category:${scope.path}`, load: (api) => getCategory(scope.path, api) };
  if (scope.kind === 'brand') return { key: `brand:${scope.slug}`, load: (api) => getBrand(scope.slug, api) };
  if (scope.kind === 'landing') return { key: `landing:${scope.slug}`, load: (api) => getLanding(scope.slug, api) };
  return null;
}

/** The requests of the listing at this path and query; null where no listing route matches. */
export function listingRequests(path: string, search: string): ListingRequests | null {
  const found = matchRoute(path);
  if (!found) return null;
  const searchParam = new URLSearchParams(search).get('searchParam') ?? '';
  const scope = scopeOf(found, path, searchParam);
  const { page, filter } = parseListingQuery(search);
  const scopeKey = filtersKey(scope);
  return {
    scope,
    page,
    filter,
    searchParam,
    head: headRequest(scope),
    offers: {
      key: `offers:${JSON.stringify([scope, filter, page])}`,
      load: (api) => loadOffers(scope, filter, (page - 1) * PAGE_SIZE, api),
    },
    facets: { key: `filters:${scopeKey}`, load: (api) => getFilters(scopeKey, api) },
  };
}
