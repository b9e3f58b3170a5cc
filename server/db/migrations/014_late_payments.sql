-- 014_late_payments: money the provider took for a payment the shop had already given up on (its order
-- cancelled, or paid another way): when the manager was told, so they are told once.
alter table payments
  add column late_paid_at timestamptz;
