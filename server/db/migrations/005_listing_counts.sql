-- 005_listing_counts: a listing asked with a filter nobody asked before counts its offers; that count reads
-- this index alone (an index-only scan over the price range, the other filtered columns carried along)
-- instead of visiting every matching products row. It replaces 002's plain price index, which the price
-- sorts keep using in the same way.
drop index products_price;
create index products_price on products (price, id) include (sizes_in_stock, color_ids, brand_id, category_id, is_new, is_sale)
  where active;
