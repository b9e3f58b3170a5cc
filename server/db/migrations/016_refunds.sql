-- 016_refunds: a paid order cancelled gives its card money back through the payment provider. Each payment's
-- refund is a row, written in the cancel's transaction and carried out after it (payments/refunds.ts: the
-- provider's call, retried by the orders' pass until the provider takes it). While refunds wait the order's
-- payment is 'refunding', then 'refunded'. Points accrued for an order that is cancelled are taken back by a
-- negative 'accrual' entry.
create table refunds (
  id          serial primary key,
  order_id    integer not null references orders on delete cascade,
  payment_id  integer not null references payments on delete cascade,
  amount      integer not null check (amount > 0),
  status      text not null default 'pending' check (status in ('pending', 'done')),
  reason      text not null,
  attempts    integer not null default 0,
  last_error  text,
  created_at  timestamptz not null default now(),
  done_at     timestamptz,
  unique (payment_id)
);
create index refunds_pending on refunds (id) where status = 'pending';

alter table orders drop constraint orders_payment_status_check;
alter table orders add constraint orders_payment_status_check check (payment_status in (
  'unpaid', 'pending', 'paid', 'refunding', 'refunded'));

-- A pass that is carrying a refund out holds it until claimed_until, so two server processes never ask the
-- provider for the same refund at once.
alter table refunds add column claimed_until timestamptz;
