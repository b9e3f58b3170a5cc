-- 011_session_lifetimes: a sign-in token lasts until its absolute end (expires_at) and lapses when unused for
-- the idle lifetime (last_used_at, renewed on use); each has a public id and the device it was opened on
-- (browser and address) for the list of active sessions in the profile. Tokens issued before get 180 days.
alter table auth_tokens
  add column id           bigint generated always as identity,
  add column last_used_at timestamptz not null default now(),
  add column expires_at   timestamptz,
  add column user_agent   text not null default '',
  add column address      text not null default '';
update auth_tokens set expires_at = created_at + interval '180 days';
alter table auth_tokens alter column expires_at set not null,
  alter column expires_at set default now() + interval '180 days';
create unique index auth_tokens_id on auth_tokens (id);
