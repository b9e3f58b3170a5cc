// SQL of sign-in tokens (auth_tokens): issued with their device and absolute end, resolved to their user while
// neither lifetime has run out (the idle one renewed on use, at most once per RENEW_AFTER), listed for the
// profile, and revoked one, all but one, or all at once.
import type { Queryable } from '../db/public.ts';
import { SESSION_LIFETIME } from './session-lifetime.ts';

/** Whether the token row `t` is live: not revoked, before its end, used within the idle lifetime (whole days). */
export const LIVE_TOKEN = (t: string) =>
  `${t}.revoked_at is null and ${t}.expires_at > now() and ${t}.last_used_at > now() - interval '${SESSION_LIFETIME.idleDays} days'`;

export interface SessionDevice {
  userAgent: string;
  address: string;
}

/** How a sign-in was made: by the shop's own password, or by a social provider (which never opens the desk). */
export type SignInWay = 'password' | 'social';

export async function insertToken(tx: Queryable, key: string, userId: number, device: SessionDevice, via: SignInWay): Promise<void> {
  await tx.query(
    `insert into auth_tokens (key, user_id, expires_at, user_agent, address, via)
     values ($1, $2, now() + make_interval(days => $3), $4, $5, $6)`,
    [key, userId, SESSION_LIFETIME.maxDays, device.userAgent.slice(0, 300), device.address, via],
  );
}

/** How the live token was signed in with, or null when it is not live. */
export async function signInWayOf(db: Queryable, key: string): Promise<SignInWay | null> {
  const [row] = await db.query<{ via: SignInWay }>(`select via from auth_tokens t where key = $1 and ${LIVE_TOKEN('t')}`, [key]);
  return row?.via ?? null;
}

/** The user of a live token, or null (unknown, revoked, past its end, or idle too long); its use is noted. */
export async function userIdByToken(db: Queryable, key: string): Promise<number | null> {
  const [row] = await db.query<{ user_id: number; renew: boolean }>(
    `select user_id, last_used_at < now() - make_interval(mins => $2) as renew from auth_tokens t
      where key = $1 and ${LIVE_TOKEN('t')}`,
    [key, SESSION_LIFETIME.renewAfterMinutes],
  );
  if (!row) return null;
  if (row.renew) await db.query('update auth_tokens set last_used_at = now() where key = $1', [key]);
  return row.user_id;
}

/** The e-mail of a signed-in user (to tell whether they are staff). */
export async function emailOfUser(db: Queryable, userId: number): Promise<string | null> {
  const [row] = await db.query<{ email: string }>('select email from users where id = $1', [userId]);
  return row?.email ?? null;
}

export interface SessionRow {
  id: string;
  key: string;
  created_at: Date;
  last_used_at: Date;
  user_agent: string;
  address: string;
}

/** The user's live sessions, the most recently used first. */
export async function liveSessions(db: Queryable, userId: number): Promise<SessionRow[]> {
  return db.query<SessionRow>(
    `select id::text as id, key, created_at, last_used_at, user_agent, address from auth_tokens t
      where user_id = $1 and ${LIVE_TOKEN('t')}
      order by last_used_at desc, id desc`,
    [userId],
  );
}

export async function revokeToken(db: Queryable, key: string): Promise<void> {
  await db.query('update auth_tokens set revoked_at = now() where key = $1 and revoked_at is null', [key]);
}

/** Revokes every live token of the user but the one given (a password change keeps the session that made it). */
export async function revokeOtherTokens(tx: Queryable, userId: number, keep: string): Promise<number> {
  const rows = await tx.query(
    'update auth_tokens set revoked_at = now() where user_id = $1 and key <> $2 and revoked_at is null returning 1',
    [userId, keep],
  );
  return rows.length;
}

/** Revokes every live token of the user (after a password reset). */
export async function revokeUserTokens(tx: Queryable, userId: number): Promise<void> {
  await tx.query('update auth_tokens set revoked_at = now() where user_id = $1 and revoked_at is null', [userId]);
}
