-- 008_shop_secret: the shop's signing key (HMAC), made once by the first server that starts and shared by
-- every process on the database: it signs the visitor cookie and the links mailed for the subscription.
create table shop_secrets (
  name       text primary key,
  value      text not null,                  -- 256 random bits, hex
  created_at timestamptz not null default now()
);
