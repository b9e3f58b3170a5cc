-- 006_variant_triggers: one trigger per statement on product_variants instead of two. 002's summary trigger
-- and 004's notice trigger each read the statement's changed rows for the same product ids, on every
-- order's stock update; now the summary trigger gathers the ids once, refreshes the products' summaries
-- and announces them (NOTIFY product_stock, '*' for a payload too long to name them all).
create or replace function product_variants_summary() returns trigger language plpgsql as $$
declare
  ids integer[];
  listed text;
begin
  if tg_op = 'INSERT' then
    ids := array(select distinct product_id from changed_new);
  elsif tg_op = 'DELETE' then
    ids := array(select distinct product_id from changed_old);
  else
    ids := array(select product_id from changed_new union select product_id from changed_old);
  end if;
  if cardinality(ids) = 0 then
    return null;
  end if;
  perform refresh_product_variant_summary(ids);
  listed := array_to_string(ids, ',');
  perform pg_notify('product_stock', case when length(listed) > 7900 then '*' else listed end);
  return null;
end $$;

drop trigger product_variants_notice_insert on product_variants;
drop trigger product_variants_notice_update on product_variants;
drop trigger product_variants_notice_delete on product_variants;
drop function product_variants_notice();
