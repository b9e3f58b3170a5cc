-- 024_staff_by_proof: the manager's desk opens to a proven staff member, not to whoever holds an address.
-- STAFF_EMAILS names the addresses; each is invited by a single-use link mailed to it (staff_invitations), and
-- the account signed in with that address that opens the link becomes the address's member (staff_members);
-- then a second factor is set up (a TOTP secret, RFC 6238, and single-use recovery codes) and every desk
-- sign-in asks for a code, opening a desk session (desk_sessions) tied to the sign-in token it was opened
-- with. Written by server/desk/ (members, invitations, recovery codes) and server/sessions/ (desk sessions).

create table staff_members (
  email           text primary key,                -- lower-cased, as STAFF_EMAILS names it
  user_id         integer unique references users on delete cascade, -- who proved the address; null until then
  invited_at      timestamptz not null default now(),
  confirmed_at    timestamptz,
  totp_secret     text,                            -- base32 (RFC 4648), 160 bits; set up at the first desk sign-in
  totp_enabled_at timestamptz,                     -- null while the secret waits for its first code
  last_totp_step  bigint                           -- the last 30-second step a code was taken for (no replay)
);

create table staff_invitations (
  token_hash text primary key,                     -- SHA-256 of the mailed token (the link's secret is never stored)
  email      text not null references staff_members on delete cascade,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  used_at    timestamptz
);
create index staff_invitations_email on staff_invitations (email);

create table staff_recovery_codes (
  email     text not null references staff_members on delete cascade,
  code_hash text not null,                         -- SHA-256 of the code as shown, dashes dropped, lower-cased
  used_at   timestamptz,
  primary key (email, code_hash)
);

-- How a sign-in token was opened: a social login never opens the desk.
alter table auth_tokens add column via text not null default 'password' check (via in ('password', 'social'));

create table desk_sessions (
  key_hash     text primary key,                   -- SHA-256 of the desk cookie's value
  email        text not null references staff_members on delete cascade,
  user_id      integer not null references users on delete cascade,
  token_key    text not null references auth_tokens on delete cascade, -- ends with the sign-in it was opened in
  created_at   timestamptz not null default now(),
  expires_at   timestamptz not null,
  last_used_at timestamptz not null default now(),
  revoked_at   timestamptz
);
create index desk_sessions_email on desk_sessions (email);
