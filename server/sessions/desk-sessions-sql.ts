// SQL of desk sessions (desk_sessions): the manager's desk opened by a second factor, for a short time, on one
// sign-in. A session is live while it is not revoked, before its end, used within its idle time, its sign-in
// token is live, the account still has the address it was opened for, and that address's member is the account
// with its second factor set up. The desk cookie's value is never stored: only its SHA-256.
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/public.ts';
import { LIVE_TOKEN } from './tokens-sql.ts';

/**
 * How long the desk stays open: far shorter than a shopper's sign-in (SESSION_LIFETIME), since the desk shows
 * every buyer's name, phone and address and gives money back. A use renews the idle time (noted at most once
 * per renewAfterMinutes).
 */
export const DESK_SESSION = {
  idleMinutes: 60,
  maxHours: 12,
  renewAfterMinutes: 5,
} as const;

const hashOf = (key: string) => createHash('sha256').update(key).digest('hex');

export async function insertDeskSession(tx: Queryable, key: string, email: string, userId: number, tokenKey: string): Promise<void> {
  await tx.query(
    `insert into desk_sessions (key_hash, email, user_id, token_key, expires_at)
     values ($1, $2, $3, $4, now() + make_interval(hours => $5))`,
    [hashOf(key), email, userId, tokenKey, DESK_SESSION.maxHours],
  );
}

/** The address of the live desk session of this key on this sign-in token, or null; its use is noted. */
export async function deskSessionEmail(db: Queryable, key: string, tokenKey: string): Promise<string | null> {
  const [row] = await db.query<{ email: string; renew: boolean }>(
    `select d.email, d.last_used_at < now() - make_interval(mins => $3) as renew
       from desk_sessions d
       join auth_tokens t on t.key = d.token_key and ${LIVE_TOKEN('t')}
       join users u on u.id = d.user_id and u.email = d.email
       join staff_members m on m.email = d.email and m.user_id = d.user_id and m.totp_enabled_at is not null
      where d.key_hash = $1 and d.token_key = $2 and d.revoked_at is null and d.expires_at > now()
        and d.last_used_at > now() - make_interval(mins => $4)`,
    [hashOf(key), tokenKey, DESK_SESSION.renewAfterMinutes, DESK_SESSION.idleMinutes],
  );
  if (!row) return null;
  if (row.renew) await db.query('update desk_sessions set last_used_at = now() where key_hash = $1', [hashOf(key)]);
  return row.email;
}

/** Desk sessions that ended (revoked, past their end or idle too long) more than `days` ago (housekeeping). */
export async function dropEndedDeskSessions(db: Queryable, days: number): Promise<number> {
  const rows = await db.query(
    `delete from desk_sessions
      where revoked_at < now() - make_interval(days => $1) or expires_at < now() - make_interval(days => $1)
         or last_used_at < now() - make_interval(days => $1, mins => $2) returning 1`,
    [days, DESK_SESSION.idleMinutes],
  );
  return rows.length;
}

/** Ends one desk session (the manager leaves the desk). */
export async function revokeDeskSession(db: Queryable, key: string): Promise<void> {
  await db.query('update desk_sessions set revoked_at = now() where key_hash = $1 and revoked_at is null', [hashOf(key)]);
}

/** Ends every desk session of an address (it left STAFF_EMAILS, or its second factor was set up again). */
export async function revokeDeskSessionsOf(tx: Queryable, email: string): Promise<number> {
  const rows = await tx.query('update desk_sessions set revoked_at = now() where email = $1 and revoked_at is null returning 1', [email]);
  return rows.length;
}
