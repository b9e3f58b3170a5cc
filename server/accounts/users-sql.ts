// SQL of accounts: users (found by e-mail, phone or id; created; changed) and the social accounts linked to
// them (their sign-in tokens are identity-sql.ts's). No other module writes these tables.
import type { Queryable } from '../db/public.ts';

export interface UserRow {
  id: number;
  email: string | null;
  phone: string | null;
  first_name: string;
  last_name: string;
  second_name: string;
  subscribed: boolean;
  has_password: boolean;
  pending_email: string | null;
}

export interface NewUser {
  email: string | null;
  phone: string | null;
  first_name: string;
  last_name: string;
  second_name: string;
  password_hash: string | null;
}

export async function userByEmail(db: Queryable, email: string): Promise<{ id: number; password_hash: string | null } | null> {
  const [row] = await db.query<{ id: number; password_hash: string | null }>('select id, password_hash from users where email = $1', [
    email,
  ]);
  return row ?? null;
}

/** The user with this e-mail or phone other than `exceptId`: who already holds it. */
export async function holderOf(db: Queryable, column: 'email' | 'phone', value: string, exceptId = 0): Promise<number | null> {
  const [row] = await db.query<{ id: number }>(`select id from users where ${column} = $1 and id <> $2`, [value, exceptId]);
  return row?.id ?? null;
}

/** The new user's id, or null when the e-mail or phone was taken meanwhile (unique columns). */
export async function insertUser(tx: Queryable, u: NewUser): Promise<number | null> {
  const [row] = await tx.query<{ id: number }>(
    `insert into users (email, phone, first_name, last_name, second_name, password_hash)
     values ($1, $2, $3, $4, $5, $6) on conflict do nothing returning id`,
    [u.email, u.phone, u.first_name, u.last_name, u.second_name, u.password_hash],
  );
  return row?.id ?? null;
}

/** The profile as the account pages show it, with whether the user's e-mail gets the mailing. */
export async function userProfile(db: Queryable, id: number): Promise<UserRow | null> {
  const [row] = await db.query<UserRow>(
    `select u.id, u.email, u.phone, u.first_name, u.last_name, u.second_name, coalesce(s.subscribed, false) as subscribed,
            u.password_hash is not null as has_password,
            (select c.new_email from email_changes c
              where c.user_id = u.id and c.used_at is null and c.expires_at > now() order by c.expires_at desc limit 1) as pending_email
       from users u left join subscriptions s on s.email = u.email
      where u.id = $1`,
    [id],
  );
  return row ?? null;
}

/** Changes the profile; false when the e-mail or phone was taken meanwhile. */
export async function updateUser(
  tx: Queryable,
  id: number,
  u: Omit<NewUser, 'password_hash'> & { password_hash?: string },
): Promise<boolean> {
  await tx.query('savepoint update_user');
  try {
    await tx.query(
      `update users set email = $2, phone = $3, first_name = $4, last_name = $5, second_name = $6,
              password_hash = coalesce($7, password_hash)
        where id = $1`,
      [id, u.email, u.phone, u.first_name, u.last_name, u.second_name, u.password_hash ?? null],
    );
  } catch (err) {
    await tx.query('rollback to savepoint update_user');
    if ((err as { code?: string }).code === '23505') return false;
    throw err;
  }
  return true;
}

export async function setEmail(tx: Queryable, id: number, email: string): Promise<void> {
  await tx.query('update users set email = $2 where id = $1', [id, email]);
}

export async function setPasswordHash(tx: Queryable, id: number, hash: string): Promise<void> {
  await tx.query('update users set password_hash = $2 where id = $1', [id, hash]);
}

export async function passwordHashOf(db: Queryable, id: number): Promise<string | null> {
  const [row] = await db.query<{ password_hash: string | null }>('select password_hash from users where id = $1', [id]);
  return row?.password_hash ?? null;
}

/** Serialises first logins of one provider account until the transaction ends (the second finds the first's user). */
export async function lockSocialAccount(tx: Queryable, provider: string, uid: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 4417))', [`${provider}\n${uid}`]);
}

export async function socialUserId(db: Queryable, provider: string, uid: string): Promise<number | null> {
  const [row] = await db.query<{ user_id: number }>('select user_id from social_accounts where provider = $1 and provider_uid = $2', [
    provider,
    uid,
  ]);
  return row?.user_id ?? null;
}

/** Links the provider's account to the user (under lockSocialAccount, so never one linked already). */
export async function linkSocial(tx: Queryable, provider: string, uid: string, userId: number): Promise<void> {
  await tx.query('insert into social_accounts (provider, provider_uid, user_id) values ($1, $2, $3)', [provider, uid, userId]);
}
