-- 001_init: the whole shop's schema (spec §3 and what a working shop needs behind it).
-- Money is whole roubles in integer columns; every timestamp is timestamptz.

-- Accounts ------------------------------------------------------------------------------------------
create table users (
  id            serial primary key,
  email         text unique,                 -- lowercased; null until a social sign-up finishes registration
  phone         text unique,                 -- digits only, e.g. 79251234567
  first_name    text not null default '',
  last_name     text not null default '',
  second_name   text not null default '',    -- middle name (отчество)
  password_hash text,                        -- scrypt: "scrypt$<salt hex>$<hash hex>"; null for social-only users
  created_at    timestamptz not null default now()
);

create table auth_tokens (
  key        text primary key,               -- 160 random bits, hex
  user_id    integer not null references users on delete cascade,
  created_at timestamptz not null default now(),
  revoked_at timestamptz
);
create index auth_tokens_user on auth_tokens (user_id);

create table social_accounts (
  provider     text not null,                -- facebook | vk-oauth2 | instagram
  provider_uid text not null,
  user_id      integer not null references users on delete cascade,
  primary key (provider, provider_uid)
);

create table password_reset_tokens (
  token      text primary key,
  user_id    integer not null references users on delete cascade,
  expires_at timestamptz not null,
  used_at    timestamptz
);

create table rate_limit_hits (
  bucket text not null,                      -- e.g. "login:ip:127.0.0.1", "login:account:a@b.ru"
  hit_at timestamptz not null default now()
);
create index rate_limit_hits_bucket on rate_limit_hits (bucket, hit_at);

-- Geography and delivery --------------------------------------------------------------------------
create table regions (
  id            serial primary key,
  name          text not null unique,
  delivery_zone smallint not null default 1   -- tariff zone: 1 Moscow area ... 5 far east
);

create table cities (
  id        serial primary key,
  region_id integer not null references regions on delete cascade,
  name      text not null,
  unique (region_id, name)
);
create index cities_name on cities (lower(name));

create table delivery_tariffs (
  zone       smallint not null,
  method     text not null check (method in ('courier', 'pickup')),
  price      integer not null check (price >= 0),
  free_from  integer,                        -- order sum from which delivery is free
  days_min   smallint not null,
  days_max   smallint not null,
  primary key (zone, method)
);

create table addresses (
  id         serial primary key,
  user_id    integer not null references users on delete cascade,
  region_id  integer references regions,
  city_id    integer references cities,
  city       text not null default '',
  street     text not null default '',
  house      text not null default '',
  flat       text not null default '',
  postcode   text not null default '',
  comment    text not null default '',
  is_default boolean not null default false,
  created_at timestamptz not null default now()
);
create index addresses_user on addresses (user_id);

-- Catalogue ----------------------------------------------------------------------------------------
create table categories (
  id        serial primary key,
  parent_id integer references categories on delete cascade,
  slug      text not null,
  path      text not null unique,            -- "muzhskoe/plavki/brify", no leading slash
  name      text not null,
  depth     smallint not null,               -- 0 for the 7 roots
  position  integer not null default 0
);
create index categories_parent on categories (parent_id, position);

create table category_tags (
  id          serial primary key,
  category_id integer not null references categories on delete cascade,
  slug        text not null,
  name        text not null,
  unique (category_id, slug)
);

create table brands (
  id          serial primary key,
  slug        text not null unique,
  name        text not null,
  description text not null default '',
  country     text not null default '',
  in_menu     boolean not null default false, -- the fixed menu list of spec §9
  position    integer not null default 0
);

create table colors (
  id   serial primary key,
  slug text not null unique,
  name text not null,
  hex  text not null
);

create table products (
  id          serial primary key,            -- the digits "pk" of product URLs
  slug        text not null,
  category_id integer not null references categories,
  brand_id    integer not null references brands,
  color_id    integer not null references colors,
  name        text not null,
  description text not null default '',
  composition text not null default '',
  price       integer not null check (price > 0),
  old_price   integer check (old_price is null or old_price > price),
  is_new      boolean not null default false,
  is_sale     boolean not null default false,
  is_set      boolean not null default false, -- sold as top + bottom (selectTop / selectBottom)
  popularity  integer not null default 0,
  active      boolean not null default true,
  created_at  timestamptz not null default now()
);
create index products_category on products (category_id) where active;
create index products_brand on products (brand_id) where active;
create index products_new on products (created_at desc, id desc) where active and is_new;
create index products_sale on products (popularity desc, id desc) where active and is_sale;
create index products_popularity on products (popularity desc, id desc) where active;

create table product_tags (
  product_id integer not null references products on delete cascade,
  tag_id     integer not null references category_tags on delete cascade,
  primary key (product_id, tag_id)
);
create index product_tags_tag on product_tags (tag_id);

create table product_images (
  id         serial primary key,
  product_id integer not null references products on delete cascade,
  url        text not null,
  position   smallint not null default 0,
  is_main    boolean not null default false
);
create index product_images_product on product_images (product_id, position);

-- A variant is what a shopper puts in the basket: one size (or top/bottom size of a set) of one colour.
create table product_variants (
  id         serial primary key,
  product_id integer not null references products on delete cascade,
  ext_id     text not null unique,
  kind       text not null default 'size' check (kind in ('size', 'top', 'bottom')),
  size       text not null,
  color_id   integer not null references colors,
  stock      integer not null default 0 check (stock >= 0),
  position   smallint not null default 0
);
create index product_variants_product on product_variants (product_id, position);
create index product_variants_size on product_variants (size, product_id) where stock > 0;

create table landing_pages (
  slug        text primary key,
  title       text not null,
  description text not null default '',
  filter      jsonb not null default '{}'   -- an offer filter (the contract's OfferFilter)
);

-- Baskets ------------------------------------------------------------------------------------------
create table carts (
  id          serial primary key,
  user_id     integer unique references users on delete cascade,
  visitor_key text unique,                   -- the HttpOnly cookie of a visitor without a token
  updated_at  timestamptz not null default now(),
  check (user_id is not null or visitor_key is not null)
);

create table cart_items (
  item_uuid  uuid primary key default gen_random_uuid(),
  cart_id    integer not null references carts on delete cascade,
  variant_id integer references product_variants on delete cascade,
  gift_certificate_id integer,               -- set instead of variant_id for a gift certificate
  quantity   integer not null check (quantity >= 1),
  added_at   timestamptz not null default now(),
  check ((variant_id is null) <> (gift_certificate_id is null))
);
create unique index cart_items_variant on cart_items (cart_id, variant_id) where variant_id is not null;

create table idempotency_keys (
  scope       text not null,                 -- "user:12" or "visitor:<key>"
  key         text not null,
  method      text not null,
  path        text not null,
  status_code smallint not null,
  response    jsonb not null,
  created_at  timestamptz not null default now(),
  primary key (scope, key)
);

-- Gift certificates and cards ----------------------------------------------------------------------
create table gift_certificates (
  id          serial primary key,
  slug        text not null unique,
  ext_id      text not null unique,
  name        text not null,
  nominal     integer not null check (nominal > 0),
  description text not null default '',
  image       text not null,
  position    integer not null default 0
);
alter table cart_items add foreign key (gift_certificate_id) references gift_certificates on delete cascade;

create table gift_cards (
  id             serial primary key,
  code           text not null unique,       -- what the holder types at checkout
  certificate_id integer references gift_certificates,
  initial        integer not null check (initial > 0),
  balance        integer not null check (balance >= 0),
  expires_at     timestamptz not null,
  created_at     timestamptz not null default now()
);

-- Promotions and bonus programme -------------------------------------------------------------------
create table promo_codes (
  code       text primary key,               -- upper case
  kind       text not null check (kind in ('percent', 'fixed')),
  value      integer not null check (value > 0),
  min_sum    integer not null default 0,
  valid_from timestamptz,
  valid_to   timestamptz,
  max_uses   integer,
  used_count integer not null default 0,
  active     boolean not null default true
);

-- Orders -------------------------------------------------------------------------------------------
create table orders (
  id               serial primary key,
  number           text not null unique,     -- shown to people: "2026-000123"
  guid             uuid not null unique default gen_random_uuid(),
  user_id          integer references users on delete set null,
  buyer_fio        text not null,
  buyer_email      text not null,
  buyer_phone      text not null,
  region_id        integer references regions,
  city_id          integer references cities,
  city_name        text not null default '',
  address          text not null default '',
  delivery_method  text not null check (delivery_method in ('courier', 'pickup')),
  delivery_price   integer not null default 0,
  items_sum        integer not null,
  promo_code       text references promo_codes,
  promo_discount   integer not null default 0,
  gift_card_id     integer references gift_cards,
  gift_card_amount integer not null default 0,
  bonus_spent      integer not null default 0,
  total            integer not null check (total >= 0),
  status           text not null default 'new',
  payment_status   text not null default 'unpaid' check (payment_status in ('unpaid', 'pending', 'paid', 'refunded')),
  comment          text not null default '',
  created_at       timestamptz not null default now(),
  paid_at          timestamptz
);
create index orders_user on orders (user_id, created_at desc);

create table order_items (
  id                  serial primary key,
  order_id            integer not null references orders on delete cascade,
  variant_id          integer references product_variants on delete set null,
  gift_certificate_id integer references gift_certificates on delete set null,
  product_id          integer references products on delete set null,
  name                text not null,
  brand               text not null default '',
  size                text not null default '',
  color               text not null default '',
  image               text not null default '',
  price               integer not null,
  quantity            integer not null check (quantity >= 1)
);
create index order_items_order on order_items (order_id);

create table order_status_history (
  id         serial primary key,
  order_id   integer not null references orders on delete cascade,
  status     text not null,
  comment    text not null default '',
  created_at timestamptz not null default now()
);
create index order_status_history_order on order_status_history (order_id, created_at);

create table payments (
  id           serial primary key,
  order_id     integer not null references orders on delete cascade,
  provider     text not null,
  amount       integer not null,
  status       text not null default 'pending' check (status in ('pending', 'succeeded', 'failed')),
  external_id  text not null unique,
  created_at   timestamptz not null default now(),
  confirmed_at timestamptz
);

create table gift_card_payments (
  id           serial primary key,
  gift_card_id integer not null references gift_cards,
  order_id     integer not null references orders on delete cascade,
  amount       integer not null check (amount > 0),
  created_at   timestamptz not null default now()
);

create table bonus_ledger (
  id         serial primary key,
  user_id    integer not null references users on delete cascade,
  order_id   integer references orders on delete set null,
  kind       text not null check (kind in ('accrual', 'spend', 'expire', 'welcome')),
  amount     integer not null,               -- points; positive accrues, negative spends
  expires_at timestamptz,
  created_at timestamptz not null default now()
);
create index bonus_ledger_user on bonus_ledger (user_id, created_at desc);

create table favorites (
  user_id    integer not null references users on delete cascade,
  product_id integer not null references products on delete cascade,
  created_at timestamptz not null default now(),
  primary key (user_id, product_id)
);

-- Content ------------------------------------------------------------------------------------------
create table organization (
  id            smallint primary key default 1 check (id = 1),
  name          text not null,
  phone         text not null,
  phone_chats   text not null,
  promocode     text not null default '',     -- the promo banner text of the header
  logo          text not null,
  link_vk       text not null default '',
  link_inst     text not null default '',
  link_telegram text not null default '',
  link_whatsapp text not null default '',
  email         text not null default '',
  manager_email text not null default '',     -- receives the new-order notice
  address       text not null default ''
);

create table banners (
  id       serial primary key,
  title    text not null,
  subtitle text not null default '',
  image    text not null,
  link     text not null default '/',
  position integer not null default 0,
  active   boolean not null default true
);

create table container_banners (
  id       serial primary key,
  title    text not null,
  image    text not null,
  link     text not null,
  position integer not null default 0,
  active   boolean not null default true
);

create table posts (
  id           serial primary key,
  kind         text not null check (kind in ('blog', 'news')),
  slug         text not null,
  title        text not null,
  preview      text not null default '',
  body_html    text not null,
  image        text not null default '',
  published_at timestamptz not null,
  unique (kind, slug)
);
create index posts_kind_date on posts (kind, published_at desc, id desc);

create table info_pages (
  path       text primary key,               -- "about", "delivery-and-payments", ...
  title      text not null,
  body_html  text not null,
  updated_at timestamptz not null default now()
);

create table instagram_posts (
  id        serial primary key,
  image     text not null,
  caption   text not null default '',
  link      text not null default '',
  posted_at timestamptz not null
);

create table seo_records (
  url         text primary key,              -- path without trailing slash, "/" for home
  title       text not null default '',
  description text not null default '',
  keywords    text not null default '',
  h1_tag      text not null default ''
);

create table subscriptions (
  email      text primary key,
  subscribed boolean not null default true,
  updated_at timestamptz not null default now()
);

create table feedback_messages (
  id         serial primary key,
  contact    text not null,
  message    text not null,
  page       text not null default '',
  created_at timestamptz not null default now()
);

create table mail_outbox (
  id         serial primary key,
  kind       text not null,                  -- reset_link | order_confirmation | manager_new_order | ...
  to_addr    text not null,
  subject    text not null,
  body_text  text not null,
  created_at timestamptz not null default now(),
  sent_at    timestamptz,
  attempts   integer not null default 0,
  last_error text
);
create index mail_outbox_unsent on mail_outbox (id) where sent_at is null;
