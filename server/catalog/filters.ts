// Builds a listing's filters answer (contract Filters): facet counts for the listing narrowed by the shopper's
// choices (each facet leaving its own choice out), sizes in their natural order, and the Russian sort names.
// A whole scope's filters are cached per catalogue version.
import { SORTS, type Filters, type OfferFilter } from '../../common/contract/catalog.ts';
import type { Queryable } from '../db/public.ts';
import { cached } from './listing-cache-sql.ts';
import { facetCounts, type FacetKey } from './offer-facets-sql.ts';
import type { Listing } from './offer-filter-sql.ts';
import { mergeFilters } from './filter-merge.ts';
import { compareSizes } from './size-order.ts';
import { SORT_NAMES } from './sorts.ts';

/** The shopper's choices without the ones of one facet. */
function withoutFacet(data: OfferFilter, facet: FacetKey): OfferFilter {
  const rest: OfferFilter = { ...data };
  if (facet === 'price') {
    delete rest.price_min;
    delete rest.price_max;
  } else {
    delete rest[facet];
  }
  return rest;
}

/** The filters of a listing; a whole scope's (no choices yet, not a search) come from the listing cache. */
export async function listingFilters(db: Queryable, scope: string, base: Listing, data: OfferFilter = {}): Promise<Filters> {
  const compute = () => computeFilters(db, base, data);
  const { sort: _sort, ...choices } = data; // the order of a list does not change its facets
  const whole = !base.search && !Object.values(choices).some((v) => v !== undefined && (!Array.isArray(v) || v.length));
  return whole ? cached(db, `filters:${scope}`, compute) : compute();
}

async function computeFilters(db: Queryable, base: Listing, data: OfferFilter): Promise<Filters> {
  const counts = await facetCounts(db, (facet) => ({
    ...base,
    filter: base.filter && mergeFilters(base.filter, withoutFacet(data, facet)),
  }));
  return {
    sizes: counts.sizes.map((s) => ({ value: s.value, name: s.value, count: s.count })).sort((a, b) => compareSizes(a.value, b.value)),
    colors: counts.colors,
    brands: counts.brands,
    price: counts.price,
    sort: SORTS.map((value) => ({ value, name: SORT_NAMES[value] })),
  };
}
