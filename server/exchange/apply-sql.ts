// Applies a staged package to the catalogue inside the package's one transaction: the classifier's groups to
// the shop's categories, brands and colours by name, goods and sizes by their 1C Ид (so each keeps its id,
// URL and favourites), prices and stock; a full package hides the goods it no longer lists and empties the
// sizes it no longer offers. Set-based statements over the staged rows: a package of 100 000 offers is a
// handful of statements, not 100 000.
import type { Queryable } from '../db/public.ts';

/** Goods of the accounting system that a package left without a category (their group matches none). */
export interface UnmatchedGroup {
  name: string;
  products: number;
}

/** Announces the transaction as one bulk change: the catalogue version is bumped once, by bumpCatalogueVersion. */
export async function quietCatalogueTriggers(tx: Queryable): Promise<void> {
  await tx.query(`select set_config('shop.catalogue_bulk', 'on', true)`);
}

export async function bumpCatalogueVersion(tx: Queryable): Promise<void> {
  await tx.query(`select set_config('shop.catalogue_bulk', 'off', true)`);
  await tx.query('select bump_catalogue_version_now()');
}

export async function upsertGroups(tx: Queryable, runId: number): Promise<void> {
  await tx.query(
    `insert into exchange_groups (ext_id, parent_ext_id, name)
     select distinct on (ext_id) ext_id, parent_ext_id, name from exchange_staged_groups where run_id = $1
     on conflict (ext_id) do update set parent_ext_id = excluded.parent_ext_id, name = excluded.name`,
    [runId],
  );
}

export interface GroupRow {
  ext_id: string;
  parent_ext_id: string | null;
  name: string;
  category_id: number | null;
}

export const allGroups = (tx: Queryable) =>
  tx.query<GroupRow>('select ext_id, parent_ext_id, name, category_id from exchange_groups order by ext_id');

export interface CategoryRow {
  id: number;
  parent_id: number | null;
  slug: string;
  path: string;
  name: string;
  depth: number;
}

export const allCategories = (tx: Queryable) =>
  tx.query<CategoryRow>('select id, parent_id, slug, path, name, depth from categories order by depth, position, id');

export async function insertCategory(tx: Queryable, parent: CategoryRow, slug: string, name: string): Promise<CategoryRow> {
  const [row] = await tx.query<CategoryRow>(
    `insert into categories (parent_id, slug, path, name, depth, position)
     values ($1, $2, $3, $4, $5, (select coalesce(max(position), 0) + 1 from categories where parent_id = $1))
     returning id, parent_id, slug, path, name, depth`,
    [parent.id, slug, `${parent.path}/${slug}`, name, parent.depth + 1],
  );
  return row;
}

export async function setGroupCategories(tx: Queryable, pairs: readonly [string, number | null][]): Promise<void> {
  await tx.query(
    `update exchange_groups g set category_id = x.category_id
       from unnest($1::text[], $2::int[]) as x(ext_id, category_id)
      where g.ext_id = x.ext_id and g.category_id is distinct from x.category_id`,
    [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
  );
}

/** The names a package gives that are not yet the shop's brands or colours (compared without case and ё). */
export async function newNames(tx: Queryable, runId: number, table: 'brands' | 'colors', fallback: string): Promise<string[]> {
  const staged =
    table === 'brands'
      ? `select coalesce(brand, $2) as name from exchange_staged_products where run_id = $1`
      : `select color as name from exchange_staged_products where run_id = $1 and color is not null
         union select color from exchange_staged_offers where run_id = $1 and color is not null
         union select $2`;
  const rows = await tx.query<{ name: string }>(
    `select distinct on (lower(replace(s.name, 'ё', 'е'))) s.name from (${staged}) s
      where not exists (select 1 from ${table} t where lower(replace(t.name, 'ё', 'е')) = lower(replace(s.name, 'ё', 'е')))`,
    [runId, fallback],
  );
  return rows.map((r) => r.name);
}

export async function takenSlugs(tx: Queryable, table: 'brands' | 'colors'): Promise<Set<string>> {
  return new Set((await tx.query<{ slug: string }>(`select slug from ${table}`)).map((r) => r.slug));
}

export async function insertBrands(tx: Queryable, rows: readonly { slug: string; name: string }[]): Promise<void> {
  if (!rows.length) return;
  await tx.query(`insert into brands (slug, name) select * from unnest($1::text[], $2::text[])`, [
    rows.map((r) => r.slug),
    rows.map((r) => r.name),
  ]);
}

export async function insertColors(tx: Queryable, rows: readonly { slug: string; name: string; hex: string }[]): Promise<void> {
  if (!rows.length) return;
  await tx.query(`insert into colors (slug, name, hex) select * from unnest($1::text[], $2::text[], $3::text[])`, [
    rows.map((r) => r.slug),
    rows.map((r) => r.name),
    rows.map((r) => r.hex),
  ]);
}

/** A name as the brands and colours are matched: no case, ё as е. */
const KEY = (name: string) => `lower(replace(${name}, 'ё', 'е'))`;

/** A CTE of the brands or colours by their matching key (the oldest of a key), to join the staged rows to once. */
const namesCte = (cte: string, table: 'brands' | 'colors') =>
  `${cte} as (select distinct on (${KEY('name')}) ${KEY('name')} as key, id from ${table} order by ${KEY('name')}, id)`;

/**
 * Goods of the package, updated or created by their Ид (two statements over the staged rows, each joined by
 * index); a deleted one not yet in the shop is skipped. A known product keeps its slug (its address) and,
 * when the package names none, its colour and category.
 */
export async function upsertProducts(
  tx: Queryable,
  runId: number,
  fallbackBrand: string,
  fallbackColor: string,
): Promise<{ created: number; updated: number }> {
  const staged = `with s as (
       select distinct on (ext_id) * from exchange_staged_products where run_id = $1 order by ext_id, line desc
     ), ${namesCte('bn', 'brands')}, ${namesCte('cn', 'colors')}, r as (
       select s.*, g.category_id, bn.id as brand_id, cn.id as color_id,
              case when s.deleted then 'deleted' when g.category_id is null then 'group' end as hidden
         from s left join exchange_groups g on g.ext_id = s.group_ext_id
         left join bn on bn.key = ${KEY('coalesce(s.brand, $2)')}
         left join cn on cn.key = ${KEY('s.color')}
     )`;
  const updated = await tx.query(
    `${staged}
     update products p set
       name = case when r.name = '' then p.name else r.name end,
       description = r.description,
       article = r.article,
       category_id = coalesce(r.category_id, p.category_id),
       brand_id = r.brand_id,
       color_id = coalesce(r.color_id, p.color_id),
       exchange_hidden = r.hidden
       from r where p.ext_id = r.ext_id
        and (p.name, p.description, p.article, p.category_id, p.brand_id, p.color_id, p.exchange_hidden) is distinct from
            (case when r.name = '' then p.name else r.name end, r.description, r.article, coalesce(r.category_id, p.category_id),
             r.brand_id, coalesce(r.color_id, p.color_id), r.hidden)
     returning p.id`,
    [runId, fallbackBrand],
  );
  const created = await tx.query(
    `${staged}
     insert into products (ext_id, slug, category_id, brand_id, color_id, name, description, article, exchange_hidden, active, price)
     select r.ext_id, r.slug, r.category_id, r.brand_id, coalesce(r.color_id, (select cn.id from cn where cn.key = ${KEY('$3')})), r.name, r.description,
            r.article, r.hidden, false, null
       from r
      where not r.deleted and not exists (select 1 from products p where p.ext_id = r.ext_id)
     returning id`,
    [runId, fallbackBrand, fallbackColor],
  );
  return { created: created.length, updated: updated.length };
}

/** A full catalogue hides the accounting system's goods it no longer lists (never deletes them). */
export async function hideUnlistedProducts(tx: Queryable, runId: number): Promise<number> {
  const rows = await tx.query(
    `update products p set exchange_hidden = 'unlisted'
      where p.ext_id is not null and p.exchange_hidden is distinct from 'unlisted'
        and not exists (select 1 from exchange_staged_products s where s.run_id = $1 and s.ext_id = p.ext_id)
      returning p.id`,
    [runId],
  );
  return rows.length;
}

/** The pictures of the goods whose package named them, in the package's order. */
export async function replacePictures(tx: Queryable, runId: number): Promise<void> {
  await tx.query(
    `with s as (
       select distinct on (ext_id) ext_id, pictures from exchange_staged_products
        where run_id = $1 and pictures is not null order by ext_id, line desc
     ), target as (select p.id, s.pictures from s join products p on p.ext_id = s.ext_id),
     gone as (delete from product_images i using target t where i.product_id = t.id)
     insert into product_images (product_id, url, position, is_main)
     select t.id, u.url, u.n - 1, u.n = 1 from target t, unnest(t.pictures) with ordinality as u(url, n)`,
    [runId],
  );
}

export async function savePictures(tx: Queryable, pairs: readonly [string, string][]): Promise<void> {
  if (!pairs.length) return;
  await tx.query(
    `insert into exchange_pictures (source, url) select distinct on (s) * from unnest($1::text[], $2::text[]) as x(s, u)
     on conflict (source) do update set url = excluded.url`,
    [pairs.map((p) => p[0]), pairs.map((p) => p[1])],
  );
}

export const knownPictures = (tx: Queryable, sources: readonly string[]) =>
  tx.query<{ source: string; url: string }>('select source, url from exchange_pictures where source = any($1::text[])', [sources]);

export interface UnknownOffer {
  line: number;
  ext_id: string;
  product_ext_id: string;
}

/** Offers whose product the shop does not know (its import.xml never came): skipped and reported. */
export const offersWithoutProduct = (tx: Queryable, runId: number) =>
  tx.query<UnknownOffer>(
    `select s.line, s.ext_id, s.product_ext_id from exchange_staged_offers s
      where s.run_id = $1 and not exists (select 1 from products p where p.ext_id = s.product_ext_id)
      order by s.line limit 50`,
    [runId],
  );

export async function countOffersWithoutProduct(tx: Queryable, runId: number): Promise<number> {
  const [row] = await tx.query<{ n: number }>(
    `select count(*)::int as n from exchange_staged_offers s
      where s.run_id = $1 and not exists (select 1 from products p where p.ext_id = s.product_ext_id)`,
    [runId],
  );
  return row.n;
}

/**
 * Sizes by their offer's Ид: a known one changes only what the package names; a new one takes the package's
 * size («Один размер» when it names none), colour (the product's when none) and stock, after its product's
 * other sizes in the package's order. A deleted offer keeps its row (orders name it) with no stock.
 */
export async function upsertVariants(tx: Queryable, runId: number, oneSize: string): Promise<{ created: number; updated: number }> {
  const staged = `with ${namesCte('cn', 'colors')}, s as (
       select distinct on (o.ext_id) o.*, cn.id as color_id from exchange_staged_offers o left join cn on cn.key = ${KEY('o.color')}
        where o.run_id = $1 order by o.ext_id, o.line desc
     )`;
  const updated = await tx.query(
    `${staged}
     update product_variants v set
       size = coalesce(s.size, v.size),
       color_id = coalesce(s.color_id, v.color_id),
       stock = case when s.deleted then 0 else coalesce(s.quantity, v.stock) end,
       price = case when s.deleted then null else coalesce(s.price, v.price) end
       from s where v.ext_id = s.ext_id
        and (v.size, v.color_id, v.stock, v.price) is distinct from
            (coalesce(s.size, v.size), coalesce(s.color_id, v.color_id),
             case when s.deleted then 0 else coalesce(s.quantity, v.stock) end,
             case when s.deleted then null else coalesce(s.price, v.price) end)
     returning v.id`,
    [runId],
  );
  const created = await tx.query(
    `${staged}, fresh as (
       select p.id as product_id, s.* from s join products p on p.ext_id = s.product_ext_id
        where not exists (select 1 from product_variants v where v.ext_id = s.ext_id)
     ), after as (
       select v.product_id, max(v.position) as last from product_variants v
        where v.product_id in (select product_id from fresh) group by v.product_id
     )
     insert into product_variants (product_id, ext_id, kind, size, color_id, stock, price, position)
     select f.product_id, f.ext_id, 'size', coalesce(f.size, $2), coalesce(f.color_id, p.color_id),
            case when f.deleted then 0 else coalesce(f.quantity, 0) end, case when f.deleted then null else f.price end,
            (coalesce(a.last, -1) + row_number() over (partition by f.product_id order by f.line))::smallint
       from fresh f join products p on p.id = f.product_id left join after a on a.product_id = f.product_id
     returning id`,
    [runId, oneSize],
  );
  return { created: created.length, updated: updated.length };
}

/** A full offers package empties the sizes of the accounting system's goods that it no longer offers. */
export async function emptyUnlistedVariants(tx: Queryable, runId: number): Promise<number> {
  const rows = await tx.query(
    `update product_variants v set stock = 0
       from products p
      where p.id = v.product_id and p.ext_id is not null and v.stock > 0
        and not exists (select 1 from exchange_staged_offers s where s.run_id = $1 and s.ext_id = v.ext_id)
      returning v.id`,
    [runId],
  );
  return rows.length;
}

/**
 * The price of each product the package offered: the lowest of its sizes' prices in the accounting system
 * (those the package named and the others' last ones); an old price no higher than it is dropped. A product
 * priced now is shown at once when nothing hides it (one write of the row, not two).
 */
export async function setPrices(tx: Queryable, runId: number): Promise<{ priced: number; shown: number }> {
  const rows = await tx.query<{ shown: boolean }>(
    `with offered as (
       select distinct product_ext_id from exchange_staged_offers where run_id = $1
     ), priced as (
       select p.id, min(v.price) as price from offered o join products p on p.ext_id = o.product_ext_id
         join product_variants v on v.product_id = p.id where v.price is not null group by p.id
     )
     update products p set price = x.price, old_price = case when p.old_price > x.price then p.old_price end,
            active = (p.category_id is not null and p.exchange_hidden is null)
       from priced x join products was on was.id = x.id
      where p.id = x.id
        and (p.price, p.old_price, p.active) is distinct from
            (x.price, case when p.old_price > x.price then p.old_price end, p.category_id is not null and p.exchange_hidden is null)
      returning p.active and not was.active as shown`,
    [runId],
  );
  return { priced: rows.length, shown: rows.filter((r) => r.shown).length };
}

/** Products of the package whose sizes have different prices in the accounting system (the shop sells a product at one). */
export const unevenlyPriced = (tx: Queryable, runId: number) =>
  tx.query<{ name: string; ext_id: string; low: number; high: number }>(
    `select p.name, p.ext_id, min(v.price) as low, max(v.price) as high
       from (select distinct product_ext_id from exchange_staged_offers where run_id = $1) o
       join products p on p.ext_id = o.product_ext_id join product_variants v on v.product_id = p.id
      where v.price is not null group by p.id having min(v.price) <> max(v.price) order by p.id limit 20`,
    [runId],
  );

/**
 * What a session's packages listed, kept for its mode=deactivate (schema 2.08+, a catalogue split over files).
 */
export async function rememberListed(tx: Queryable, runId: number, session: string, kind: 'products' | 'offers'): Promise<void> {
  const table = kind === 'products' ? 'exchange_staged_products' : 'exchange_staged_offers';
  await tx.query(
    `insert into exchange_session_listed (session, kind, ext_id)
     select distinct $2, $3, ext_id from ${table} where run_id = $1
     on conflict do nothing`,
    [runId, session, kind],
  );
}

/**
 * 1C's mode=deactivate after a full catalogue in several files: its goods none of the session's files listed
 * are hidden, and its sizes none offered have no stock (each only when the session listed some at all).
 */
export async function deactivateUnlisted(tx: Queryable, session: string): Promise<{ productsUnlisted: number; offersEmptied: number }> {
  const listed = await tx.query<{ kind: string }>('select distinct kind from exchange_session_listed where session = $1', [session]);
  const kinds = new Set(listed.map((l) => l.kind));
  const products = kinds.has('products')
    ? await tx.query(
        `update products p set exchange_hidden = 'unlisted'
          where p.ext_id is not null and p.exchange_hidden is null
            and not exists (select 1 from exchange_session_listed l where l.session = $1 and l.kind = 'products' and l.ext_id = p.ext_id)
          returning p.id`,
        [session],
      )
    : [];
  const offers = kinds.has('offers')
    ? await tx.query(
        `update product_variants v set stock = 0 from products p
          where p.id = v.product_id and p.ext_id is not null and v.stock > 0
            and not exists (select 1 from exchange_session_listed l where l.session = $1 and l.kind = 'offers' and l.ext_id = v.ext_id)
          returning v.id`,
        [session],
      )
    : [];
  await tx.query('delete from exchange_session_listed where session = $1', [session]);
  return { productsUnlisted: products.length, offersEmptied: offers.length };
}

/**
 * Shows the accounting system's goods that may be shown (a price, a category, nothing hiding them) and hides
 * the rest: one statement over them all, touching only rows that change.
 */
export async function settleShown(tx: Queryable): Promise<{ shown: number; hidden: number }> {
  const rows = await tx.query<{ active: boolean }>(
    `update products set active = not active
      where ext_id is not null
        and active <> (price is not null and category_id is not null and exchange_hidden is null)
      returning active`,
  );
  const shown = rows.filter((r) => r.active).length;
  return { shown, hidden: rows.length - shown };
}

/** The groups of the package that match no category, with how many of its goods each holds (hidden for it). */
export const unmatchedGroups = (tx: Queryable, runId: number) =>
  tx.query<UnmatchedGroup>(
    `select coalesce(g.name, 'без группы') as name, count(*)::int as products
       from exchange_staged_products s left join exchange_groups g on g.ext_id = s.group_ext_id
      where s.run_id = $1 and not s.deleted and g.category_id is null
      group by 1 order by 1`,
    [runId],
  );
