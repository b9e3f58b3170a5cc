// What a listing page loads, from its address alone: its scope, page and filter, and three requests: the
// head (a category's, brand's or landing's detail), the page of offers and the filters. The page reads them
// (ListingPage.tsx) and the server runs the same before rendering it (src/app/page-requests.ts). A search
// also names its offline answer: the offers the app has seen that match (the worker's offline search).
import type { BrandDetail, CategoryDetail, LandingPage, OfferFilter, OfferPage, Filters } from '../../../common/contract/catalog.ts';
import { PAGE_SIZE } from '../../../common/contract/base.ts';
import { matchRoute } from '../../../common/routes.ts';
import { getBrand, getCategory, getFilters, getLanding } from '../../api/catalog.ts';
import type { DataRequest } from '../../components/use-load.ts';
import { parseListingQuery } from '../../lib/listing-query.ts';
import { filtersKey, loadOffers, scopeOf, type ListingScope } from './listing-scope.ts';

export type ListingDetail = CategoryDetail | BrandDetail | LandingPage;

/** A page of a listing's offers; `offline` when it is the offline search's answer, not the server's. */
export type ListingOffers = OfferPage & { offline?: true };

export interface ListingRequests {
  scope: ListingScope;
  page: number;
  filter: OfferFilter;
  searchParam: string;
  head: DataRequest<ListingDetail> | null;
  offers: DataRequest<ListingOffers>;
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
      onHand:
        scope.kind === 'search' && scope.query
          ? async () => {
              // The worker's client (and Comlink) loads only when the offline search is needed.
              const { searchSeenOffers } = await import('../../worker/client.ts');
              return { ...(await searchSeenOffers(scope.query, filter, (page - 1) * PAGE_SIZE)), offline: true as const };
            }
          : undefined,
    },
    facets: { key: `filters:${scopeKey}`, load: (api) => getFilters(scopeKey, api) },
  };
}
