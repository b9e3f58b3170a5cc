// The listing's state in the URL (spec: reload, back and a shared link give the same list): page number
// and filters as readable query parameters, ?page=2&size=S,M&color=chernyj&brand=maaji&price_min=1000&sort=new.
import type { OfferFilter, Sort } from './contract/catalog.ts';
import { SORTS } from './catalog-basics.ts';

export interface ListingQuery {
  page: number;
  filter: OfferFilter;
}

const LISTS = { size: 'sizes', color: 'colors', brand: 'brands' } as const;

const list = (v: string | null) =>
  v
    ? v
        .split(',')
        .map((s) => s.trim())
        .filter(Boolean)
    : [];
const whole = (v: string | null) => (v && /^\d{1,9}$/.test(v) ? Number(v) : undefined);

/** Reads a query string; anything malformed is ignored, never an error. */
export function parseListingQuery(search: string): ListingQuery {
  const q = new URLSearchParams(search);
  const filter: OfferFilter = {};
  for (const [param, key] of Object.entries(LISTS)) {
    const values = list(q.get(param));
    if (values.length) filter[key] = values;
  }
  const min = whole(q.get('price_min'));
  const max = whole(q.get('price_max'));
  if (min !== undefined) filter.price_min = min;
  if (max !== undefined) filter.price_max = max;
  const sort = q.get('sort');
  if (sort && (SORTS as readonly string[]).includes(sort)) filter.sort = sort as Sort;
  const page = whole(q.get('page'));
  return { page: page && page > 0 ? page : 1, filter };
}

/** The query string of a listing state, "" when it is the first page with no filters. */
export function listingSearch({ page, filter }: ListingQuery, extra?: Record<string, string>): string {
  const q = new URLSearchParams(extra);
  for (const [param, key] of Object.entries(LISTS)) {
    const values = filter[key];
    if (values?.length) q.set(param, values.join(','));
  }
  if (filter.price_min !== undefined) q.set('price_min', String(filter.price_min));
  if (filter.price_max !== undefined) q.set('price_max', String(filter.price_max));
  if (filter.sort) q.set('sort', filter.sort);
  if (page > 1) q.set('page', String(page));
  const s = q.toString().replace(/%2C/g, ',');
  return s ? `?${s}` : '';
}

export function isFiltered(filter: OfferFilter): boolean {
  return Object.keys(filter).some((k) => k !== 'sort');
}
