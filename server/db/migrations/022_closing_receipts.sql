-- 022_closing_receipts: the closing (full-payment) receipt of prepaid goods handed over (54-FZ). When an order
-- is received, the order's lifecycle writes one in the same transaction, against the bank payment the goods
-- were prepaid by (the order's own card payment, or the one that bought the gift card that paid them); it is
-- carried out after the transaction through the payment provider (payments/closing-receipts.ts: the bank's
-- closeOfdReceipt.do) and tried again by the orders' pass until the provider takes it. One per order.
create table closing_receipts (
  id            serial primary key,
  order_id      integer not null unique references orders on delete cascade,
  payment_id    integer not null references payments on delete cascade,
  receipt       jsonb not null,
  status        text not null default 'pending' check (status in ('pending', 'done')),
  attempts      integer not null default 0,
  last_error    text,
  claimed_until timestamptz,
  created_at    timestamptz not null default now(),
  done_at       timestamptz
);
create index closing_receipts_pending on closing_receipts (id) where status = 'pending';
