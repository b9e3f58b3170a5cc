-- 020_returned_lines: goods may come back a few at a time (one swimsuit of two): each order line counts the
-- units returned, never more than it holds, so stock, money and points go back once for each unit.
alter table order_items add column returned integer not null default 0;
alter table order_items add constraint order_items_returned_within check (returned >= 0 and returned <= quantity);
