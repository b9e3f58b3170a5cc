// SQL of "which offers are in this listing": the FROM and WHERE of every offer list, count and facet (scope,
// the `data` filter, full-text search), and the ORDER BY of each sort. Each condition and order has an index.
import type { Queryable } from '../db/public.ts';
import type { OfferFilter, Sort } from '../../common/contract/catalog.ts';

export type OfferScope = 'all' | 'new' | 'sale';

/** A search query as two tsquery texts (catalog/search-query.ts makes them). */
export interface SearchText {
  /** For to_tsquery('russian', …): the readings OR-ed, each reading's words AND-ed and stemmed. */
  russian: string;
  /** For to_tsquery('simple', …): the Latin readings with every word a prefix ("luli" finds "Luli Fama"). */
  simple: string | null;
}

/** One listing: a scope, its filter (null: nothing can match) and, for search, the query's tsquery texts. */
export interface Listing {
  scope: OfferScope;
  filter: OfferFilter | null;
  search?: SearchText;
}

/** Search results are ranked by relevance unless the shopper picked an order. */
export type ListOrder = Sort | 'relevance';

const ORDER_BY: Record<Sort, string> = {
  popular: 'p.popularity desc, p.id desc',
  new: 'p.created_at desc, p.id desc',
  price_asc: 'p.price asc, p.id asc',
  price_desc: 'p.price desc, p.id desc',
  discount: 'p.discount desc, p.id desc',
};

export interface ListingSql {
  from: string;
  where: string;
  params: unknown[];
  /** Present for search: the relevance of a row, for the default order of search results. */
  rank?: string;
}

/** The row ids a filter's slugs and paths name (a category with its whole subtree), looked up beforehand so
 *  the planner sees the real ids and picks the index that fits how many rows they select. */
export interface FilterIds {
  categories?: number[];
  brands?: number[];
  colors?: number[];
  tags?: number[];
}

export async function filterIds(db: Queryable, f: OfferFilter | null): Promise<FilterIds> {
  if (!f || !(f.categories?.length || f.brands?.length || f.colors?.length || f.tags?.length)) return {};
  const [row] = await db.query<Required<FilterIds>>(
    `select array(select id from categories
                   where path = any($1::text[]) or path like any(array(select x || '/%' from unnest($1::text[]) x))) as categories,
            array(select id from brands where slug = any($2::text[])) as brands,
            array(select id from colors where slug = any($3::text[])) as colors,
            array(select id from category_tags where slug = any($4::text[])) as tags`,
    [f.categories ?? [], f.brands ?? [], f.colors ?? [], f.tags ?? []],
  );
  return {
    categories: f.categories?.length ? row.categories : undefined,
    brands: f.brands?.length ? row.brands : undefined,
    colors: f.colors?.length ? row.colors : undefined,
    tags: f.tags?.length ? row.tags : undefined,
  };
}

/** FROM and WHERE of a listing, parameters numbered from 1 (a null filter reads as no filter). An unknown
 *  slug matches nothing, as an id list that is empty. */
export function listingSql(listing: Listing, ids: FilterIds): ListingSql {
  const f = listing.filter ?? {};
  const params: unknown[] = [];
  const arg = (v: unknown) => `$${params.push(v)}`;
  const where = ['p.active'];
  let from = 'products p';
  let rank: string | undefined;
  if (listing.scope === 'new') where.push('p.is_new');
  if (listing.scope === 'sale') where.push('p.is_sale');
  if (listing.search) {
    const { russian, simple } = listing.search;
    const q = `(to_tsquery('russian', ${arg(russian)})${simple ? ` || to_tsquery('simple', ${arg(simple)})` : ''})`;
    from += ' join product_search s on s.product_id = p.id';
    where.push(`s.document @@ ${q}`);
    rank = `ts_rank(s.document, ${q})`;
  }
  if (ids.categories) where.push(`p.category_id = any(${arg(ids.categories)}::int[])`);
  if (ids.brands) where.push(`p.brand_id = any(${arg(ids.brands)}::int[])`);
  if (ids.colors) where.push(`p.color_ids && ${arg(ids.colors)}::int[]`);
  if (f.sizes?.length) where.push(`p.sizes_in_stock && ${arg(f.sizes)}::text[]`);
  if (ids.tags) where.push(`p.id in (select product_id from product_tags where tag_id = any(${arg(ids.tags)}::int[]))`);
  if (f.price_min !== undefined) where.push(`p.price >= ${arg(f.price_min)}`);
  if (f.price_max !== undefined) where.push(`p.price <= ${arg(f.price_max)}`);
  return { from, where: where.join(' and '), params, rank };
}

/** The order a listing's page is cut in: the shopper's sort, else relevance, newest or most popular first. */
export function listOrder(listing: Listing): ListOrder {
  return listing.filter?.sort ?? (listing.search ? 'relevance' : listing.scope === 'new' ? 'new' : 'popular');
}

/** ORDER BY of a listing; ties always fall back to the id, so pages never overlap. */
export function orderBySql(listing: Listing, sql: ListingSql): string {
  const order = listOrder(listing);
  return order === 'relevance' ? `${sql.rank} desc, p.popularity desc, p.id desc` : ORDER_BY[order];
}

/** The cache key of a listing's count when the listing is a whole scope: everything, new or sale, optionally
 *  within one existing category, brand or tag. Other listings (search, size, colour, price, several values)
 *  are counted live, so the cache holds a bounded set of keys. */
export function scopeCountKey(listing: Listing, ids: FilterIds): string | null {
  const f = listing.filter;
  if (!f || listing.search) return null;
  if (f.colors?.length || f.sizes?.length || f.price_min !== undefined || f.price_max !== undefined) return null;
  const named = (
    [
      ['category', f.categories, ids.categories],
      ['brand', f.brands, ids.brands],
      ['tag', f.tags, ids.tags],
    ] as const
  ).filter(([, list]) => list?.length);
  if (!named.length) return `count:${listing.scope}`;
  const [kind, list, resolved] = named[0];
  if (named.length > 1 || list?.length !== 1 || !resolved?.length) return null;
  return `count:${listing.scope}:${kind}:${list[0]}`;
}
