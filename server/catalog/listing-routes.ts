// API of the listings that are not plain offer lists (spec §7): landing pages (head, or offers with paging),
// full-text search, and the filters of any listing (/v1/all/filters/{x}/).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Filters, FiltersQuery, LandingPage, OfferPage, OffersQuery } from '../../common/contract.ts';
import { answer, parse } from '../http/contract.ts';
import { HttpError } from '../plugins/errors.ts';
import { listOffers } from './offers-sql.ts';
import { mergeFilters } from './filter-merge.ts';
import { listingFilters } from './filters.ts';
import { trimSlashes } from './catalog-paths.ts';
import { landingOrThrow, scopeListing, searchListing } from './listing-scope.ts';
import { MAX_QUERY_LENGTH } from './search-query.ts';

export default async function listingRoutes(app: FastifyInstance): Promise<void> {
  // Without `limit` the landing's head; with it, a page of the landing's offers narrowed by the shopper's data.
  app.get<{ Params: { slug: string }; Querystring: Record<string, unknown> }>('/v1/landing_page/:slug', async (req) => {
    const landing = await landingOrThrow(app.db, req.params.slug);
    if (req.query.limit === undefined) {
      return answer({ slug: landing.slug, title: landing.title, description: landing.description, filter: landing.filter }, LandingPage);
    }
    const q = parse(req.query, OffersQuery);
    const filter = mergeFilters(landing.filter, q.data ?? {});
    return answer(await listOffers(app.db, { scope: 'all', filter }, q.limit, q.offset), OfferPage);
  });

  // The query may hold anything, slashes included; a blank one (or none: /v1/search/) lists nothing.
  const searchRoute = async (req: FastifyRequest<{ Params: { '*'?: string } }>) => {
    const query = trimSlashes(req.params['*'] ?? '');
    if (query.length > MAX_QUERY_LENGTH) throw new HttpError(400, 'Слишком длинный поисковый запрос');
    const q = parse(req.query, OffersQuery);
    const listing = searchListing(query);
    const filter = listing.filter && mergeFilters(listing.filter, q.data ?? {});
    return answer(await listOffers(app.db, { ...listing, filter }, q.limit, q.offset), OfferPage);
  };
  app.get('/v1/search/*', searchRoute);
  app.get('/v1/search', searchRoute);

  app.get<{ Params: { '*': string } }>('/v1/all/filters/*', async (req) => {
    const scope = trimSlashes(req.params['*']);
    if (scope.length > 'search/'.length + MAX_QUERY_LENGTH) throw new HttpError(400, 'Слишком длинный адрес подборки');
    const q = parse(req.query, FiltersQuery);
    return answer(await listingFilters(app.db, scope, await scopeListing(app.db, scope), q.data ?? {}), Filters);
  });
}
