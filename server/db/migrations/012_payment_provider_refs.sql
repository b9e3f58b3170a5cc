-- 012_payment_provider_refs: what a payment provider calls the payment (the bank's order id) and where the
-- buyer pays it (the bank's form), kept from the registration, so asking again reuses them.
alter table payments
  add column provider_ref text,
  add column provider_url text;
create unique index payments_provider_ref on payments (provider, provider_ref) where provider_ref is not null;
