// SQL of a listing's filter facets: how many of its offers have each in-stock size, each colour and each
// brand, and its price range. Each facet gets its own listing (the caller leaves the shopper's own choice of
// that facet out), so the count beside an option is what the list shows once that option alone is picked.
import type { Queryable } from '../db/public.ts';
import { filterIds, listingSql, type Listing, type ListingSql } from './offer-filter-sql.ts';

export type FacetKey = 'sizes' | 'colors' | 'brands' | 'price';

export interface FacetCounts {
  sizes: { value: string; count: number }[];
  colors: { value: string; name: string; hex: string; count: number }[];
  brands: { value: string; name: string; count: number }[];
  price: { min: number; max: number };
}

type Build = (sql: ListingSql, own: (column: string) => string) => string;

export async function facetCounts(db: Queryable, listingFor: (facet: FacetKey) => Listing): Promise<FacetCounts> {
  const run = async <T>(facet: FacetKey, build: Build): Promise<T[]> => {
    const listing = listingFor(facet);
    if (!listing.filter) return [];
    const sql = listingSql(listing, await filterIds(db, listing.filter));
    // A list the listing itself keeps for this facet (a landing of black swimsuits) bounds the options too:
    // a product's other colours are not offered, since picking one would empty the list.
    const list = facet === 'price' ? undefined : listing.filter[facet];
    const own = (column: string) => (list?.length ? ` and ${column} = any($${sql.params.push(list)}::text[])` : '');
    const text = build(sql, own);
    return db.query<T>(text, sql.params);
  };
  const [sizes, colors, brands, price] = await Promise.all([
    run<FacetCounts['sizes'][number]>(
      'sizes',
      (sql, own) =>
        `select sz.size as value, count(*)::int as count
         from ${sql.from} cross join lateral unnest(p.sizes_in_stock) sz(size)
        where ${sql.where}${own('sz.size')} group by sz.size`,
    ),
    run<FacetCounts['colors'][number]>(
      'colors',
      (sql, own) =>
        `select co.slug as value, co.name, co.hex, count(*)::int as count
         from ${sql.from} cross join lateral unnest(p.color_ids) pc(id) join colors co on co.id = pc.id
        where ${sql.where}${own('co.slug')} group by co.id order by co.id`,
    ),
    run<FacetCounts['brands'][number]>(
      'brands',
      (sql, own) =>
        `select b.slug as value, b.name, count(*)::int as count
         from ${sql.from} join brands b on b.id = p.brand_id
        where ${sql.where}${own('b.slug')} group by b.id order by lower(b.name)`,
    ),
    // count(*) beside min/max also keeps the planner from reading min and max off the price index, a walk
    // that passes every cheaper (or dearer) offer outside the scope first.
    run<{ total: number; min: number | null; max: number | null }>(
      'price',
      (sql) => `select count(*)::int as total, min(p.price) as min, max(p.price) as max from ${sql.from} where ${sql.where}`,
    ),
  ]);
  return { sizes, colors, brands, price: { min: price[0]?.min ?? 0, max: price[0]?.max ?? 0 } };
}
