-- 003_checkout: what the basket, checkout, payments and the mail loop need beyond 001: the order lines were
-- added in, one line per certificate, order numbers, the order that bought a gift card, claimed mail.

-- Basket lines keep the order they were added in (added_at is one value for a whole transaction).
alter table cart_items add column seq bigserial;
create index cart_items_cart on cart_items (cart_id, seq);
-- One line per certificate, as per variant: adding it again adds to the line.
create unique index cart_items_certificate on cart_items (cart_id, gift_certificate_id) where gift_certificate_id is not null;

-- "2026-000123": the year and this counter.
create sequence order_number_seq;

-- What the shopper put in the basket, kept on the line (the variant row may go).
alter table order_items add column ext_id text not null default '';

create index payments_order on payments (order_id);
create index gift_card_payments_order on gift_card_payments (order_id);

-- A gift card bought as a certificate in an order: issued once, when that order is paid.
alter table gift_cards add column order_id integer references orders on delete set null;
create index gift_cards_order on gift_cards (order_id) where order_id is not null;

-- The delivery loop claims a few rows at a time and sends them outside any transaction; a claim that is not
-- settled (a crashed process) runs out and the row is taken again.
alter table mail_outbox add column locked_until timestamptz;

-- Old replay answers are dropped by age.
create index idempotency_keys_created on idempotency_keys (created_at);

-- A replay answers the first answer's very text: json keeps the keys in their order (jsonb sorts them).
alter table idempotency_keys alter column response type json using response::json;
