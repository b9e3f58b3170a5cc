-- 009_email_changes: a change of a user's e-mail waits for the link mailed to the new address; until it is
-- opened (within a day, once) the account keeps its old e-mail.
create table email_changes (
  token      text primary key,               -- 160 random bits, hex
  user_id    integer not null references users on delete cascade,
  new_email  text not null,
  expires_at timestamptz not null,
  used_at    timestamptz
);
create index email_changes_user on email_changes (user_id);
