-- 027_cdek: delivery by CDEK when the shop has a contract (CDEK_CLIENT_ID). A city keeps CDEK's code of it once
-- found by name (cities.cdek_code). An order CDEK carries says so (orders.carrier) and keeps the pickup point the
-- buyer chose (orders.pickup_point: its code, name, address and kind, as CDEK listed it). Its shipment is
-- registered with CDEK once the order is assembled (shipments: one per order, written by server/carrier/ alone):
-- pending until CDEK has taken it (its uuid, then its CDEK number, which is the tracking number), the last
-- failure kept for the desk, tried again by the carrier's pass. CDEK's status reports move the order as the
-- carrier (order_status_history.actor 'carrier').
alter table cities add column cdek_code integer;

alter table orders
  add column carrier text check (carrier in ('cdek')),
  add column carrier_tariff integer,   -- the carrier's tariff checkout priced it by
  add column pickup_point jsonb;

create table shipments (
  id            serial primary key,
  order_id      integer not null unique references orders on delete cascade,
  carrier       text not null check (carrier in ('cdek')),
  status        text not null default 'pending' check (status in ('pending', 'registered')),
  carrier_uuid  text,                 -- CDEK's order uuid, once it answered the registration
  carrier_number text,                -- CDEK's number of the order: the tracking number
  carrier_status text,                -- the last status CDEK reported (its code)
  ware_keys     jsonb,                -- each item's ware_key in the registered order → the order line's ext_id
  checked_at    timestamptz,          -- when its statuses were last read from CDEK
  attempts      integer not null default 0,
  last_error    text,
  claimed_until timestamptz,
  created_at    timestamptz not null default now(),
  registered_at timestamptz
);
create index shipments_pending on shipments (id) where status = 'pending';
create index shipments_carrier_uuid on shipments (carrier_uuid);

alter table order_status_history drop constraint order_status_history_actor_known;
alter table order_status_history add constraint order_status_history_actor_known check (actor in (
  'shopper', 'system', 'manager', 'accounting', 'carrier'));
