-- 010_unpaid_holds: who placed an order (the visitor's key and the client's address, for the caps on unpaid
-- orders), until when its goods are held unpaid, and whether the buyer was reminded before that. Orders
-- placed before keep the 3 days they were promised.
alter table orders
  add column visitor_key     text,
  add column client_address  text,
  add column hold_until      timestamptz,
  add column hold_reminded_at timestamptz;
update orders set hold_until = created_at + interval '3 days' where hold_until is null;
alter table orders alter column hold_until set not null;
create index orders_unpaid_hold on orders (hold_until) where payment_status in ('unpaid', 'pending') and status not in ('cancelled', 'paid');
create index orders_unpaid_address on orders (client_address) where payment_status in ('unpaid', 'pending') and status not in ('cancelled', 'paid');
create index orders_unpaid_visitor on orders (visitor_key) where payment_status in ('unpaid', 'pending') and status not in ('cancelled', 'paid');
