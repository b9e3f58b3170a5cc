// Names a listing's offers: resolves the scope of /v1/all/filters/{x}/ ("all", "new", "sale", a category
// path, "brand/<slug>", "landing/<slug>", "search/<query>") and a landing page's filter into a Listing, with
// the 404s of unknown categories, brands and landing pages.
import { OfferFilter } from '../../common/contract/catalog.ts';
import { check } from '../../common/validate.ts';
import type { Queryable } from '../db/public.ts';
import { Refusal } from '../refusal.ts';
import { getBrand } from './catalog-tree-sql.ts';
import { categoryExists } from './category-detail-sql.ts';
import { getLanding, type LandingRow } from './landing-pages-sql.ts';
import type { Listing } from './offer-filter-sql.ts';
import { NOT_FOUND, isCategoryPath, trimSlashes } from './catalog-paths.ts';
import { searchText } from './search-query.ts';

/** A landing page with its filter checked against the contract (a bad stored filter is a server bug). */
export async function landingOrThrow(db: Queryable, slug: string): Promise<LandingRow & { filter: OfferFilter }> {
  const row = await getLanding(db, slug);
  if (!row) throw new Refusal('notFound', NOT_FOUND.landing);
  const filter = check(row.filter, OfferFilter);
  if (!filter.ok) throw new Error(`landing page ${slug} has a bad filter: ${filter.message}`);
  return { ...row, filter: filter.value };
}

/** The search listing of a query; a query with no words lists nothing. */
export function searchListing(query: string): Listing {
  const search = searchText(query);
  return search ? { scope: 'all', filter: {}, search } : { scope: 'all', filter: null };
}

/** The listing a filters scope names, before the shopper's own choices. */
export async function scopeListing(db: Queryable, scope: string): Promise<Listing> {
  if (scope === 'all' || scope === 'new' || scope === 'sale') return { scope, filter: {} };
  const [kind, ...rest] = scope.split('/');
  const arg = rest.join('/');
  if (kind === 'search') return searchListing(arg);
  if (kind === 'brand') {
    if (!(await getBrand(db, arg))) throw new Refusal('notFound', NOT_FOUND.brand);
    return { scope: 'all', filter: { brands: [arg] } };
  }
  if (kind === 'landing') return { scope: 'all', filter: (await landingOrThrow(db, arg)).filter };
  const path = trimSlashes(scope);
  if (!isCategoryPath(path) || !(await categoryExists(db, path))) throw new Refusal('notFound', NOT_FOUND.category);
  return { scope: 'all', filter: { categories: [path] } };
}
