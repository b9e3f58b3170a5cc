-- 004_catalogue_notices: every write that changes a public answer is announced to the server processes, so
-- their response caches drop what it made stale (server/http/response-cache.ts):
-- * the catalogue version (002) is bumped by every table a public answer reads, and each bump is announced
--   on the channel catalogue_version with the new version;
-- * a change of a product's variants (its stock, mostly: every order) is announced on product_stock with the
--   product ids, so only those products' pages are dropped, not the whole catalogue. Stock reaches listings
--   only when a size sells out or comes back (products.sizes_in_stock), which bumps the version as before.
-- NOTIFY is transactional: a process hears of a change once it is committed, never before.

create or replace function bump_catalogue_version() returns trigger language plpgsql as $$
declare
  v bigint;
begin
  insert into catalogue_version values (1, 1) on conflict (id) do update set version = catalogue_version.version + 1
    returning version into v;
  perform pg_notify('catalogue_version', v::text);
  return null;
end $$;

create or replace function bump_catalogue_version_when_rows() returns trigger language plpgsql as $$
declare
  v bigint;
begin
  if exists (select 1 from changed) then
    insert into catalogue_version values (1, 1) on conflict (id) do update set version = catalogue_version.version + 1
      returning version into v;
    perform pg_notify('catalogue_version', v::text);
  end if;
  return null;
end $$;

-- Tables read by public answers that 002 did not watch: pictures, the frame, content, SEO, certificates and
-- the places of checkout.
create trigger product_images_catalogue_version after insert or update or delete or truncate on product_images
  for each statement execute function bump_catalogue_version();
create trigger organization_catalogue_version after insert or update or delete or truncate on organization
  for each statement execute function bump_catalogue_version();
create trigger banners_catalogue_version after insert or update or delete or truncate on banners
  for each statement execute function bump_catalogue_version();
create trigger container_banners_catalogue_version after insert or update or delete or truncate on container_banners
  for each statement execute function bump_catalogue_version();
create trigger posts_catalogue_version after insert or update or delete or truncate on posts
  for each statement execute function bump_catalogue_version();
create trigger info_pages_catalogue_version after insert or update or delete or truncate on info_pages
  for each statement execute function bump_catalogue_version();
create trigger instagram_posts_catalogue_version after insert or update or delete or truncate on instagram_posts
  for each statement execute function bump_catalogue_version();
create trigger seo_records_catalogue_version after insert or update or delete or truncate on seo_records
  for each statement execute function bump_catalogue_version();
create trigger gift_certificates_catalogue_version after insert or update or delete or truncate on gift_certificates
  for each statement execute function bump_catalogue_version();
create trigger regions_catalogue_version after insert or update or delete or truncate on regions
  for each statement execute function bump_catalogue_version();
create trigger cities_catalogue_version after insert or update or delete or truncate on cities
  for each statement execute function bump_catalogue_version();

-- A product's variants changed (stock, sizes, colours): announce the products, once per statement. A payload
-- too long for NOTIFY (over 7 900 bytes: an import of thousands) says '*', every product.
create function product_variants_notice() returns trigger language plpgsql as $$
declare
  ids text;
begin
  if tg_op = 'INSERT' then
    select string_agg(distinct product_id::text, ',') into ids from changed_new;
  elsif tg_op = 'DELETE' then
    select string_agg(distinct product_id::text, ',') into ids from changed_old;
  else
    select string_agg(distinct id::text, ',') into ids
      from (select product_id as id from changed_new union select product_id from changed_old) x;
  end if;
  if ids is not null then
    perform pg_notify('product_stock', case when length(ids) > 7900 then '*' else ids end);
  end if;
  return null;
end $$;
create trigger product_variants_notice_insert after insert on product_variants
  referencing new table as changed_new for each statement execute function product_variants_notice();
create trigger product_variants_notice_update after update on product_variants
  referencing old table as changed_old new table as changed_new for each statement execute function product_variants_notice();
create trigger product_variants_notice_delete after delete on product_variants
  referencing old table as changed_old for each statement execute function product_variants_notice();
create trigger product_variants_notice_truncate after truncate on product_variants
  for each statement execute function bump_catalogue_version();
