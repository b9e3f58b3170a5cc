-- 026_fitting: trying on at the door, paying for what fits. delivery_tariffs.fitting says whether a method offers
-- fitting in its zone (the courier of Moscow and its region, in the demo); orders.fitting, that the buyer asked
-- for it (at most FITTING_ITEMS_MAX goods). At the hand-over the goods the buyer did not keep are a return at the
-- door: back on sale at once, and, on an order not paid yet (paid on receipt), no longer owed:
-- orders.returned_unpaid is what those goods cost after the order's discounts (roubles, rounded in the buyer's
-- favour), taken off what the courier collects (common/order-rules.ts amountDue).
alter table delivery_tariffs
  add column fitting boolean not null default false;

alter table orders
  add column fitting boolean not null default false,
  add column returned_unpaid integer not null default 0 check (returned_unpaid >= 0);
