-- 021_exchange: the accounting system (1C, МойСклад) brings the catalogue in and takes orders out over the
-- CommerceML 2 exchange (server/exchange/).
--
-- Goods: a product or size that came from the accounting system carries its Ид there (products.ext_id,
-- product_variants.ext_id), so a later package finds the same row and its id, URL and favourites survive.
-- Such a product is shown only while the last packages allow it (exchange_hidden names why not: its group
-- matches no category of the shop, a full package no longer lists it, or 1C marked it deleted) and it has a
-- price; a product announced by import.xml has none until offers.xml prices it, so price may be null, but
-- never on a product that is shown.
alter table products add column ext_id text unique;
alter table products add column article text not null default '';
alter table products add column exchange_hidden text check (exchange_hidden in ('group', 'unlisted', 'deleted'));
alter table products alter column price drop not null;
alter table products add constraint products_shown_priced check (price is not null or not active);

-- A size's own price in the accounting system (roubles; null for sizes that did not come from it, or that 1C
-- deleted): the product's price is the lowest of its sizes', so a changes-only package that prices one size
-- is weighed against the others' last prices.
alter table product_variants add column price integer check (price is null or price > 0);

-- What 1C's classifier named, kept across packages: a changes-only package names groups and property values
-- by Ид alone. A group's category is null while it matches none (its goods are hidden).
create table exchange_groups (
  ext_id        text primary key,
  parent_ext_id text,
  name          text not null,
  category_id   integer references categories on delete set null
);
create table exchange_properties (
  ext_id text primary key,
  name   text not null
);
create table exchange_property_values (
  property_ext_id text not null,
  value_ext_id    text not null,
  value           text not null,
  primary key (property_ext_id, value_ext_id)
);
-- A picture 1C sent once (its path in the upload) and where the shop keeps it, so a later package that names
-- the same picture without sending it again keeps it.
create table exchange_pictures (
  source text primary key,
  url    text not null
);

-- An exchange session: 1C's cookie after checkauth; its uploads go to a folder named by the token.
create table exchange_sessions (
  token        text primary key,
  created_at   timestamptz not null default now(),
  used_at      timestamptz not null default now(),
  uploaded     bigint not null default 0,     -- bytes its uploads hold, against the allowance (exchange/uploads.ts)
  changes_only boolean not null default false, -- a package of the session held only changes: deactivate hides nothing
  sent_orders  jsonb not null default '[]'   -- [{id, state}]: what the last sale query sent, for its success
);

-- What a session's packages listed, by kind (products, offers): from schema 2.08 1C splits a catalogue into
-- several files and then asks to hide what none of them listed (mode=deactivate), which this answers.
create table exchange_session_listed (
  session text not null references exchange_sessions (token) on delete cascade,
  kind    text not null check (kind in ('products', 'offers')),
  ext_id  text not null,
  primary key (session, kind, ext_id)
);

-- Every exchange, for the staff's log: what came or went, how it ended, what was wrong (in Russian, naming the
-- file, the line and the product). At most one catalogue import runs at a time in the whole shop.
create table exchange_runs (
  id           serial primary key,
  kind         text not null check (kind in ('catalog', 'sale')),
  file         text not null,
  session      text,
  status       text not null default 'running' check (status in ('running', 'success', 'failure')),
  changes_only boolean,
  counts       jsonb not null default '{}',
  problems     text[] not null default '{}',
  failure      text,
  started_at   timestamptz not null default now(),
  beat_at      timestamptz not null default now(),
  finished_at  timestamptz
);
create unique index exchange_runs_one_import on exchange_runs (kind) where status = 'running' and kind = 'catalog';
create index exchange_runs_recent on exchange_runs (started_at desc, id desc);

-- A package read but not yet applied: the reader stages it in short batches (the shop keeps answering), then
-- one transaction applies the whole of it.
create table exchange_staged_groups (
  run_id        integer not null references exchange_runs on delete cascade,
  ext_id        text not null,
  parent_ext_id text,
  name          text not null
);
create table exchange_staged_products (
  run_id       integer not null references exchange_runs on delete cascade,
  line         integer not null,
  ext_id       text not null,
  article      text not null,
  name         text not null,
  slug         text not null,
  description  text not null,
  group_ext_id text,
  brand        text,
  color        text,
  pictures     text[],            -- null: the package did not speak of pictures
  deleted      boolean not null
);
create index exchange_staged_products_run on exchange_staged_products (run_id, ext_id);
create table exchange_staged_offers (
  run_id         integer not null references exchange_runs on delete cascade,
  line           integer not null,
  ext_id         text not null,
  product_ext_id text not null,
  size           text,           -- null: the package did not name it (a prices-only or stock-only file)
  color          text,
  price          integer,        -- roubles; null: not in this package
  quantity       integer,        -- null: not in this package
  deleted        boolean not null
);
create index exchange_staged_offers_run on exchange_staged_offers (run_id, ext_id);

-- Orders out: each order goes to the accounting system when it is placed and again whenever its status or
-- payment changes (exchanged_state is what the accounting system last took: "status/payment_status"), and
-- keeps the accounting system's own number for it once 1C answers.
alter table orders add column exchanged_state text;
alter table orders add column accounting_number text not null default '';
create index orders_to_exchange on orders (id) where exchanged_state is distinct from status || '/' || payment_status;

-- A product shown has a category; one whose 1C group matches none has not, and is hidden.
alter table products alter column category_id drop not null;
alter table products add constraint products_shown_categorised check (category_id is not null or not active);

-- One bump of the catalogue version for a whole package: the import sets shop.catalogue_bulk for its
-- transaction, the triggers of 002/004 stay quiet, and the import bumps once at the end. The bump itself is
-- one function now, the triggers' and the import's.
create function bump_catalogue_version_now() returns bigint language plpgsql as $$
declare
  v bigint;
begin
  insert into catalogue_version values (1, 1) on conflict (id) do update set version = catalogue_version.version + 1
    returning version into v;
  perform pg_notify('catalogue_version', v::text);
  return v;
end $$;

create or replace function bump_catalogue_version() returns trigger language plpgsql as $$
begin
  if current_setting('shop.catalogue_bulk', true) is distinct from 'on' then
    perform bump_catalogue_version_now();
  end if;
  return null;
end $$;

create or replace function bump_catalogue_version_when_rows() returns trigger language plpgsql as $$
begin
  if current_setting('shop.catalogue_bulk', true) is distinct from 'on' and exists (select 1 from changed) then
    perform bump_catalogue_version_now();
  end if;
  return null;
end $$;
