// SQL for offer lists: one filtered, sorted, paged query shape for every list of the shop, and the card
// columns every list returns. Filters use indexed columns; the page is cut before cards are assembled.
import type { Queryable } from '../db/driver.ts';
import type { Offer, OfferFilter, Paged, Sort } from '../../src/api/contract.ts';

export type OfferScope = 'all' | 'new' | 'sale';

const ORDER_BY: Record<Sort, string> = {
  popular: 'p.popularity desc, p.id desc',
  new: 'p.created_at desc, p.id desc',
  price_asc: 'p.price asc, p.id asc',
  price_desc: 'p.price desc, p.id desc',
  discount: '(coalesce(p.old_price, p.price) - p.price)::float / coalesce(p.old_price, p.price) desc, p.id desc',
};

/** The where-clause of a filter, with its parameters numbered from 1. */
export function filterSql(scope: OfferScope, f: OfferFilter): { where: string; params: unknown[] } {
  const params: unknown[] = [];
  const arg = (v: unknown) => `$${params.push(v)}`;
  const where = ['p.active'];
  if (scope === 'new') where.push('p.is_new');
  if (scope === 'sale') where.push('p.is_sale');
  if (f.categories?.length) {
    const a = arg(f.categories);
    where.push(`p.category_id in (select id from categories
      where path = any(${a}::text[]) or path like any(array(select x || '/%' from unnest(${a}::text[]) x)))`);
  }
  if (f.brands?.length) where.push(`p.brand_id in (select id from brands where slug = any(${arg(f.brands)}::text[]))`);
  if (f.colors?.length) {
    where.push(`exists (select 1 from product_variants v join colors co on co.id = v.color_id
      where v.product_id = p.id and co.slug = any(${arg(f.colors)}::text[]))`);
  }
  if (f.sizes?.length) {
    where.push(`exists (select 1 from product_variants v
      where v.product_id = p.id and v.stock > 0 and v.size = any(${arg(f.sizes)}::text[]))`);
  }
  if (f.tags?.length) {
    where.push(`exists (select 1 from product_tags pt join category_tags t on t.id = pt.tag_id
      where pt.product_id = p.id and t.slug = any(${arg(f.tags)}::text[]))`);
  }
  if (f.price_min !== undefined) where.push(`p.price >= ${arg(f.price_min)}`);
  if (f.price_max !== undefined) where.push(`p.price <= ${arg(f.price_max)}`);
  return { where: where.join(' and '), params };
}

/** The card of each product id, in the order given. */
export async function offerCards(db: Queryable, ids: number[]): Promise<Offer[]> {
  if (!ids.length) return [];
  const rows = await db.query<Offer>(
    `select p.id, p.slug, p.name, json_build_object('slug', b.slug, 'name', b.name) as brand,
            p.price, p.old_price,
            case when p.old_price > p.price then round((1 - p.price::numeric / p.old_price) * 100)::int else 0 end as discount,
            p.is_new, p.is_sale,
            '/' || array_to_string((string_to_array(c.path, '/'))[1:3], '/') || '/' || p.id || '/' || p.slug as full_path_offer,
            coalesce((select json_agg(json_build_object('image', i.url, 'is_main', i.is_main) order by i.position)
                        from product_images i where i.product_id = p.id), '[]') as images,
            coalesce((select json_agg(json_build_object('slug', co.slug, 'name', co.name, 'hex', co.hex) order by co.first)
                        from (select co.slug, co.name, co.hex, min(v.position) as first
                                from product_variants v join colors co on co.id = v.color_id
                               where v.product_id = p.id group by co.slug, co.name, co.hex) co), '[]') as colors,
            coalesce((select json_agg(s.size order by s.first)
                        from (select v.size, min(v.position) as first from product_variants v
                               where v.product_id = p.id and v.stock > 0 group by v.size) s), '[]') as sizes
       from products p
       join brands b on b.id = p.brand_id
       join categories c on c.id = p.category_id
      where p.id = any($1::int[])`,
    [ids],
  );
  const byId = new Map(rows.map((r) => [r.id, r]));
  return ids.flatMap((id) => byId.get(id) ?? []);
}

export async function listOffers(
  db: Queryable,
  scope: OfferScope,
  filter: OfferFilter,
  limit: number,
  offset: number,
): Promise<Paged<Offer>> {
  const { where, params } = filterSql(scope, filter);
  const sort: Sort = filter.sort ?? (scope === 'new' ? 'new' : 'popular');
  const [{ count }] = await db.query<{ count: number }>(
    `select count(*)::int as count from products p where ${where}`,
    params,
  );
  const page = await db.query<{ id: number }>(
    `select p.id from products p where ${where} order by ${ORDER_BY[sort]}
      limit ${Number(limit)} offset ${Number(offset)}`,
    params,
  );
  return { count, results: await offerCards(db, page.map((r) => r.id)) };
}
