-- 013_push: Web Push. Each device's subscription (per visitor, and per account once signed in) with the
-- favourites it watches and the kinds it turned off; the events the catalogue and the orders raise, written
-- by triggers however the rows change (the shop's own code, an import, a manager's SQL); and the outbox the
-- sender works through with retries, like mail_outbox (server/push/).

create table push_subscriptions (
  id          serial primary key,
  endpoint    text not null unique,            -- the push service's address for this browser
  p256dh      text not null,                   -- the browser's public key (base64url), payloads are encrypted to
  auth        text not null,                   -- the browser's auth secret (base64url)
  visitor_key text not null,                   -- the visitor cookie's key of the device
  user_id     integer references users on delete set null, -- the account signed in on it, if any
  session_token text,                          -- that sign-in's token: once it ends, the device hears no more of the account
  kinds_off   text[] not null default '{}',    -- kinds of notification turned off on this device
  created_at  timestamptz not null default now(),
  updated_at  timestamptz not null default now()
);
create index push_subscriptions_user on push_subscriptions (user_id) where user_id is not null;
create index push_subscriptions_visitor on push_subscriptions (visitor_key);

-- The favourites a device watches, with the variants the shopper chose (none: any size will do). No foreign
-- key to products: a favourite may name a product taken off sale since.
create table push_watches (
  subscription_id integer not null references push_subscriptions on delete cascade,
  product_id      integer not null,
  ext_ids         text[] not null default '{}',
  primary key (subscription_id, product_id)
);
create index push_watches_product on push_watches (product_id);

-- What happened, waiting to be turned into notifications (push/fan-out.ts takes and deletes them).
create table push_events (
  id         bigserial primary key,
  kind       text not null check (kind in ('back_in_stock', 'price_drop', 'order_status', 'payment_reminder')),
  product_id integer,
  ext_id     text,
  size       text,
  old_price  integer,
  new_price  integer,
  order_id   integer,
  status     text,
  created_at timestamptz not null default now()
);

create table push_outbox (
  id              bigserial primary key,
  subscription_id integer not null references push_subscriptions on delete cascade,
  kind            text not null,
  payload         text not null,               -- the PushMessage's JSON, encrypted for the device when sent
  ttl_seconds     integer not null,            -- how long the push service may hold it for an offline device
  urgency         text not null default 'normal',
  topic           text,                        -- a newer message of the same topic replaces an undelivered one
  created_at      timestamptz not null default now(),
  next_try_at     timestamptz not null default now(),
  attempts        integer not null default 0,
  locked_until    timestamptz,
  sent_at         timestamptz,
  failed_at       timestamptz,
  last_error      text
);
create index push_outbox_due on push_outbox (next_try_at) where sent_at is null and failed_at is null;

-- One row function for every event. Each trigger's WHEN picks the rows (tested before any plpgsql runs, so
-- an order's stock decrement or an unchanged price costs nothing) and its argument names the kind; an event
-- is written only when some device could want it: one watching the product, or one of the order's buyer.
create function push_event() returns trigger language plpgsql as $$
begin
  if tg_argv[0] = 'back_in_stock' then
    if exists (select 1 from push_watches w where w.product_id = new.product_id) then
      insert into push_events (kind, product_id, ext_id, size) values ('back_in_stock', new.product_id, new.ext_id, new.size);
    end if;
  elsif tg_argv[0] = 'price_drop' then
    if exists (select 1 from push_watches w where w.product_id = new.id) then
      insert into push_events (kind, product_id, old_price, new_price) values ('price_drop', new.id, old.price, new.price);
    end if;
  elsif exists (select 1 from push_subscriptions s where s.user_id = new.user_id or s.visitor_key = new.visitor_key) then
    insert into push_events (kind, order_id, status)
    values (tg_argv[0], new.id, case when tg_argv[0] = 'order_status' then new.status end);
  end if;
  return null;
end $$;

-- A variant back in stock (from none to some); a lower price; an order paid, cancelled or shipped; the
-- reminder that an unpaid order lapses soon.
create trigger product_variants_push after update of stock on product_variants for each row
  when (old.stock = 0 and new.stock > 0) execute function push_event('back_in_stock');
create trigger products_push after update of price on products for each row
  when (new.price < old.price) execute function push_event('price_drop');
create trigger orders_status_push after update of status on orders for each row
  when (new.status is distinct from old.status and new.status in ('paid', 'cancelled', 'shipped'))
  execute function push_event('order_status');
create trigger orders_reminder_push after update of hold_reminded_at on orders for each row
  when (old.hold_reminded_at is null and new.hold_reminded_at is not null) execute function push_event('payment_reminder');
