// SQL of offer cards and paged offer lists: the card every list returns, one count and one page query per
// listing (the page is cut on an index before cards are assembled; a whole scope's count is cached per
// catalogue version), and the still-sold subset of given ids.
import type { Queryable } from '../db/public.ts';
import type { Paged } from '../../common/contract/base.ts';
import type { Offer } from '../../common/contract/catalog.ts';
import { cached } from './listing-cache-sql.ts';
import { filterIds, listingSql, orderBySql, scopeCountKey, type Listing } from './offer-filter-sql.ts';

/**
 * A product page's path in SQL, for a query with the product as `p` and its category as `c`: the category's
 * first three levels, the id and the slug (what `full_path_offer` carries everywhere).
 */
export const PRODUCT_PATH_SQL = `'/' || array_to_string((string_to_array(c.path, '/'))[1:3], '/') || '/' || p.id || '/' || p.slug`;

/** The card of each product id, in the order given (unknown ids are skipped). */
export async function offerCards(db: Queryable, ids: readonly number[]): Promise<Offer[]> {
  if (!ids.length) return [];
  const rows = await db.query<Offer>(
    `select p.id, p.slug, p.name, json_build_object('slug', b.slug, 'name', b.name) as brand,
            p.price, p.old_price, p.discount::int as discount, p.is_new, p.is_sale,
            ${PRODUCT_PATH_SQL} as full_path_offer,
            coalesce((select json_agg(json_build_object('image', i.url, 'is_main', i.is_main) order by i.position)
                        from product_images i where i.product_id = p.id), '[]') as images,
            coalesce((select json_agg(json_build_object('slug', co.slug, 'name', co.name, 'hex', co.hex) order by pc.n)
                        from unnest(p.color_ids) with ordinality pc(id, n) join colors co on co.id = pc.id), '[]') as colors,
            to_json(p.sizes_in_stock) as sizes
       from products p
       join brands b on b.id = p.brand_id
       join categories c on c.id = p.category_id
      where p.id = any($1::int[])`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

const EMPTY: Paged<Offer> = { count: 0, results: [] };

/** One page of a listing and the count of all its offers (the same WHERE for both); cards from `cards`. */
export async function listOffers(
  db: Queryable,
  listing: Listing,
  limit: number,
  offset: number,
  cards: (db: Queryable, ids: readonly number[]) => Promise<Offer[]> = offerCards,
): Promise<Paged<Offer>> {
  if (!listing.filter) return EMPTY;
  const ids = await filterIds(db, listing.filter);
  const sql = listingSql(listing, ids);
  const pageSql = `select p.id from ${sql.from} where ${sql.where} order by ${orderBySql(listing, sql)}
    limit ${Number(limit)} offset ${Number(offset)}`;
  const countSql = `select count(*)::int as count from ${sql.from} where ${sql.where}`;
  const key = scopeCountKey(listing, ids);
  let count: number;
  let pageIds: number[];
  if (key) {
    // A whole scope's count is kept per catalogue version: only the page is read.
    const countRows = async () => (await db.query<{ count: number }>(countSql, sql.params))[0].count;
    const [c, page] = await Promise.all([cached(db, key, countRows), db.query<{ id: number }>(pageSql, sql.params)]);
    count = c;
    pageIds = page.map((r) => r.id);
  } else {
    // A narrowed listing: its count and its page in one statement (one round trip, one plan).
    const [row] = await db.query<{ count: number; ids: number[] }>(`select (${countSql}) as count, array(${pageSql}) as ids`, sql.params);
    count = row.count;
    pageIds = row.ids;
  }
  return { count, results: await cards(db, pageIds) };
}

/** Which of the given product ids are still sold (active), in the order given, each once. */
export async function activeIds(db: Queryable, ids: readonly number[]): Promise<number[]> {
  if (!ids.length) return [];
  const rows = await db.query<{ id: number }>('select id from products where active and id = any($1::int[])', [ids]);
  const active = new Set(rows.map((r) => r.id));
  return [...new Set(ids)].filter((id) => active.has(id));
}
