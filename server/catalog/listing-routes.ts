// API of the listings that are not plain offer lists (spec §7): landing pages (head, or offers with paging),
// full-text search, and the filters of any listing (/v1/all/filters/{x}/).
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { route } from '../http/public.ts';
import type { OffersQuery } from '../../common/contract/catalog.ts';
import { Refusal } from '../refusal.ts';
import { listOffers } from './offers-sql.ts';
import { mergeFilters } from './filter-merge.ts';
import { listingFilters } from './filters.ts';
import { trimSlashes } from './catalog-paths.ts';
import { landingOrThrow, scopeListing, searchListing } from './listing-scope.ts';
import { MAX_QUERY_LENGTH } from './search-query.ts';

export default async function listingRoutes(app: FastifyInstance): Promise<void> {
  // Without `limit` the landing's head; with it, a page of the landing's offers narrowed by the shopper's data.
  route(app, ENDPOINTS.landingPage, async (req) => {
    const landing = await landingOrThrow(app.db, req.params.slug);
    const { limit, offset, data } = req.query;
    if (limit === undefined) {
      return { slug: landing.slug, title: landing.title, description: landing.description, filter: landing.filter };
    }
    return listOffers(app.db, { scope: 'all', filter: mergeFilters(landing.filter, data ?? {}) }, limit, offset, app.cards);
  });

  // The query may hold anything, slashes included; a blank one (or none: /v1/search/) lists nothing.
  const search = async (query: string, q: OffersQuery) => {
    if (query.length > MAX_QUERY_LENGTH) throw new Refusal('invalid', 'Слишком длинный поисковый запрос');
    const listing = searchListing(query);
    const filter = listing.filter && mergeFilters(listing.filter, q.data ?? {});
    return listOffers(app.db, { ...listing, filter }, q.limit, q.offset, app.cards);
  };
  route(app, ENDPOINTS.search, async (req) => search(trimSlashes(req.params['*']), req.query));
  route(app, ENDPOINTS.searchEmpty, async (req) => search('', req.query));

  route(app, ENDPOINTS.filters, async (req) => {
    const scope = trimSlashes(req.params['*']);
    if (scope.length > 'search/'.length + MAX_QUERY_LENGTH) throw new Refusal('invalid', 'Слишком длинный адрес подборки');
    return listingFilters(app.db, scope, await scopeListing(app.db, scope), req.query.data ?? {});
  });
}
