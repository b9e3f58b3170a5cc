-- 017_receipts: the fiscal receipt (54-FZ) of each card payment and of each refund (server/orders/receipt.ts).
-- A payment keeps the receipt it was registered with, so a refund gives back exactly those positions at those
-- prices; a refund keeps the receipt it is sent with. Refunds count kopecks, because a returned line's price
-- after the order's discounts need not be whole roubles; a cancelled order's one refund of a payment is held
-- unique, while returns of some lines may add more.
alter table payments add column receipt jsonb;

alter table refunds add column receipt jsonb;
alter table refunds add column kopecks integer;
update refunds set kopecks = amount * 100;
alter table refunds alter column kopecks set not null;
alter table refunds add constraint refunds_kopecks_positive check (kopecks > 0);
alter table refunds drop column amount;
alter table refunds add column whole boolean not null default true;
alter table refunds drop constraint refunds_payment_id_key;
create unique index refunds_whole_payment on refunds (payment_id) where whole;
