-- 002_catalogue_search: what the catalogue's lists, facets and search read fast: per-product summaries kept
-- by triggers (in-stock sizes, colours, discount), a full-text document per product, and the list indexes.

-- Variant summaries on products ----------------------------------------------------------------------
-- The discount shown on cards and sorted on: whole percent, 0 without an old price.
alter table products add column discount smallint not null
  generated always as (case when old_price > price then round((1 - price::numeric / old_price) * 100)::smallint else 0 end) stored;
-- Sizes that have stock and colours of the product's variants, each in variant position order (as cards show
-- them), so the size and colour filters and facets are one test on the products row instead of a join per
-- row. Kept by the product_variants triggers below.
alter table products add column sizes_in_stock text[] not null default '{}';
alter table products add column color_ids integer[] not null default '{}';

create function refresh_product_variant_summary(ids integer[]) returns void language sql as $$
  update products p set sizes_in_stock = s.sizes, color_ids = s.colors
    from (select x.id,
                 coalesce((select array_agg(z.size order by z.first, z.size)
                             from (select v.size, min(v.position) as first from product_variants v
                                    where v.product_id = x.id and v.stock > 0 group by v.size) z), '{}') as sizes,
                 coalesce((select array_agg(z.color_id order by z.first, z.color_id)
                             from (select v.color_id, min(v.position) as first from product_variants v
                                    where v.product_id = x.id group by v.color_id) z), '{}') as colors
            from unnest(ids) x(id)) s
   where p.id = s.id and (p.sizes_in_stock, p.color_ids) is distinct from (s.sizes, s.colors)
$$;

-- Statement-level with transition tables: a bulk insert of 2 000 variants refreshes each product once, and a
-- stock change that empties no size and fills none leaves the products row alone.
create function product_variants_summary() returns trigger language plpgsql as $$
begin
  if tg_op = 'INSERT' then
    perform refresh_product_variant_summary(array(select distinct product_id from changed_new));
  elsif tg_op = 'DELETE' then
    perform refresh_product_variant_summary(array(select distinct product_id from changed_old));
  else
    perform refresh_product_variant_summary(array(select product_id from changed_new
                                                   union select product_id from changed_old));
  end if;
  return null;
end $$;
create trigger product_variants_summary_insert after insert on product_variants
  referencing new table as changed_new for each statement execute function product_variants_summary();
create trigger product_variants_summary_update after update on product_variants
  referencing old table as changed_old new table as changed_new for each statement execute function product_variants_summary();
create trigger product_variants_summary_delete after delete on product_variants
  referencing old table as changed_old for each statement execute function product_variants_summary();

-- Full-text documents --------------------------------------------------------------------------------
-- Beside products, not in it: the list scans stay narrow and a stock change does not touch this GIN index.
create table product_search (
  product_id integer primary key references products on delete cascade,
  document   tsvector not null
);
create index product_search_document on product_search using gin (document);

-- The document: name and brand (A); brand and slug words unstemmed, the category chain (B); description (D).
-- 'russian' stems Cyrillic words (купальники -> купальник) and English-stems Latin ones (brand names);
-- 'simple' keeps brand names and the transliterated slug as typed, for prefix matches ("luli", "kupalnik").
create function refresh_product_search(ids integer[]) returns void language sql as $$
  with chain as (                                   -- each category's own name after its ancestors'
    select c.id, string_agg(a.name, ' ' order by a.depth) as names
      from categories c join categories a on c.path = a.path or c.path like a.path || '/%'
     group by c.id)
  insert into product_search (product_id, document)
  select p.id,
         setweight(to_tsvector('russian', p.name), 'A')
      || setweight(to_tsvector('russian', b.name), 'A')
      || setweight(to_tsvector('simple', b.name || ' ' || replace(p.slug, '-', ' ')), 'B')
      || setweight(to_tsvector('russian', chain.names), 'B')
      || setweight(to_tsvector('russian', p.description), 'D')
    from unnest(ids) x(id)
    join products p on p.id = x.id
    join brands b on b.id = p.brand_id
    join chain on chain.id = p.category_id
  on conflict (product_id) do update set document = excluded.document
$$;

create function products_search_inserted() returns trigger language plpgsql as $$
begin
  perform refresh_product_search(array(select id from changed_new));
  return null;
end $$;
create trigger products_search_insert after insert on products
  referencing new table as changed_new for each statement execute function products_search_inserted();

create function products_search_updated() returns trigger language plpgsql as $$
begin
  perform refresh_product_search(array[new.id]);
  return null;
end $$;
create trigger products_search_update after update of name, description, slug, brand_id, category_id on products
  for each row execute function products_search_updated();

-- A renamed brand or category re-indexes its goods.
create function brands_search_renamed() returns trigger language plpgsql as $$
begin
  perform refresh_product_search(array(select id from products where brand_id = new.id));
  return null;
end $$;
create trigger brands_search_rename after update of name on brands
  for each row execute function brands_search_renamed();

create function categories_search_renamed() returns trigger language plpgsql as $$
begin
  perform refresh_product_search(array(select p.id from products p join categories c on c.id = p.category_id
                                        where c.path = new.path or c.path like new.path || '/%'));
  return null;
end $$;
create trigger categories_search_rename after update of name, path on categories
  for each row execute function categories_search_renamed();

-- Rows that existed before this migration (a database seeded under 001 alone).
select refresh_product_variant_summary(array(select id from products));
select refresh_product_search(array(select id from products));

-- Indexes of the lists -------------------------------------------------------------------------------
-- One per sort order over the active goods; a page query walks one and stops after offset + limit rows.
create index products_created on products (created_at desc, id desc) where active;
create index products_price on products (price, id) where active;            -- price_desc walks it backwards
create index products_discount on products (discount desc, id desc) where active;
-- Category and brand pages (and a product's related offers): counts read the leading column, the popular
-- order is the index order.
drop index products_category;
create index products_category on products (category_id, popularity desc, id desc) where active;
drop index products_brand;
create index products_brand on products (brand_id, popularity desc, id desc) where active;
-- Size and colour filters.
create index products_sizes on products using gin (sizes_in_stock) where active;
create index products_colors on products using gin (color_ids) where active;

-- Cache of whole-scope answers ---------------------------------------------------------------------
-- The facets of a category, brand, landing, new, sale or the whole catalogue (and the count of such a list)
-- would otherwise be counted over every offer in the scope on every request. They are kept per catalogue
-- version: any write to what they are computed from bumps the version, and an older entry is never read.
create table catalogue_version (
  id      smallint primary key default 1 check (id = 1),
  version bigint not null
);
insert into catalogue_version values (1, 1);

-- An upsert, so the row comes back after `npm run seed` truncates every table.
create function bump_catalogue_version() returns trigger language plpgsql as $$
begin
  insert into catalogue_version values (1, 1) on conflict (id) do update set version = catalogue_version.version + 1;
  return null;
end $$;
-- Stock reaches listings through products.sizes_in_stock, so product_variants needs no trigger of its own.
-- On products only statements that changed rows count: a stock change runs an UPDATE that mostly matches none.
create function bump_catalogue_version_when_rows() returns trigger language plpgsql as $$
begin
  if exists (select 1 from changed) then
    insert into catalogue_version values (1, 1) on conflict (id) do update set version = catalogue_version.version + 1;
  end if;
  return null;
end $$;
create trigger products_catalogue_version_insert after insert on products
  referencing new table as changed for each statement execute function bump_catalogue_version_when_rows();
create trigger products_catalogue_version_update after update on products
  referencing new table as changed for each statement execute function bump_catalogue_version_when_rows();
create trigger products_catalogue_version_delete after delete on products
  referencing old table as changed for each statement execute function bump_catalogue_version_when_rows();
create trigger products_catalogue_version_truncate after truncate on products
  for each statement execute function bump_catalogue_version();
create trigger categories_catalogue_version after insert or update or delete or truncate on categories
  for each statement execute function bump_catalogue_version();
create trigger brands_catalogue_version after insert or update or delete or truncate on brands
  for each statement execute function bump_catalogue_version();
create trigger colors_catalogue_version after insert or update or delete or truncate on colors
  for each statement execute function bump_catalogue_version();
create trigger category_tags_catalogue_version after insert or update or delete or truncate on category_tags
  for each statement execute function bump_catalogue_version();
create trigger product_tags_catalogue_version after insert or update or delete or truncate on product_tags
  for each statement execute function bump_catalogue_version();
create trigger landing_pages_catalogue_version after insert or update or delete or truncate on landing_pages
  for each statement execute function bump_catalogue_version();

create table listing_cache (
  key     text primary key,                -- "filters:kupalniki", "count:{…listing…}"
  version bigint not null,                 -- the catalogue_version it was computed at
  body    jsonb not null
);

analyze products;
analyze product_search;
