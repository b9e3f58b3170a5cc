// SQL of the shop's staff (staff_members, staff_invitations, staff_recovery_codes; the only writer of these
// tables): each STAFF_EMAILS address as a member, invited by a mailed single-use link (only its SHA-256 kept),
// proven by the account that opens the link while signed in with the address, with its TOTP secret, the last
// code step taken and its single-use recovery codes (SHA-256 too).
import { createHash } from 'node:crypto';
import type { Queryable } from '../db/public.ts';

export const sha256 = (value: string): string => createHash('sha256').update(value).digest('hex');

export interface StaffMember {
  email: string;
  userId: number | null;
  confirmed: boolean;
  totpSecret: string | null;
  totpEnabled: boolean;
}

const MEMBER = `select email, user_id as "userId", confirmed_at is not null as confirmed, totp_secret as "totpSecret",
  totp_enabled_at is not null as "totpEnabled" from staff_members`;

export async function memberByEmail(db: Queryable, email: string): Promise<StaffMember | null> {
  const [row] = await db.query<StaffMember>(`${MEMBER} where email = $1`, [email]);
  return row ?? null;
}

/** Makes members of the addresses that are not yet; answers those made now (each one's invitation is due). */
export async function addMembers(tx: Queryable, emails: string[]): Promise<string[]> {
  if (emails.length === 0) return [];
  const rows = await tx.query<{ email: string }>(
    'insert into staff_members (email) select unnest($1::text[]) on conflict do nothing returning email',
    [emails],
  );
  return rows.map((r) => r.email);
}

/** Forgets the members STAFF_EMAILS no longer names (their invitations, codes and desk sessions go with them). */
export async function dropMembersExcept(tx: Queryable, emails: string[]): Promise<string[]> {
  const rows = await tx.query<{ email: string }>('delete from staff_members where not (email = any($1::text[])) returning email', [emails]);
  return rows.map((r) => r.email);
}

export async function insertInvitation(tx: Queryable, token: string, email: string, ttlHours: number): Promise<void> {
  await tx.query('insert into staff_invitations (token_hash, email, expires_at) values ($1, $2, now() + make_interval(hours => $3))', [
    sha256(token),
    email,
    ttlHours,
  ]);
}

export type InvitationState = { state: 'ok'; email: string } | { state: 'unknown' | 'used' | 'expired' };

/** Locks the invitation's row and says whether it may still be taken. */
export async function lockInvitation(tx: Queryable, token: string): Promise<InvitationState> {
  const [row] = await tx.query<{ email: string; used: boolean; expired: boolean }>(
    `select email, used_at is not null as used, expires_at <= now() as expired from staff_invitations
      where token_hash = $1 for update`,
    [sha256(token)],
  );
  if (!row) return { state: 'unknown' };
  if (row.used) return { state: 'used' };
  if (row.expired) return { state: 'expired' };
  return { state: 'ok', email: row.email };
}

/** The address is proven by this account: every invitation of it is used up, and its second factor starts anew. */
export async function confirmMember(tx: Queryable, email: string, userId: number): Promise<void> {
  await tx.query('update staff_invitations set used_at = now() where email = $1 and used_at is null', [email]);
  // The account held another staff address before (its e-mail was changed): that one is to be proven again.
  await tx.query(
    `update staff_members set user_id = null, confirmed_at = null, totp_secret = null, totp_enabled_at = null,
            last_totp_step = null where user_id = $2 and email <> $1`,
    [email, userId],
  );
  await tx.query(
    `update staff_members set user_id = $2, confirmed_at = now(), totp_secret = null, totp_enabled_at = null,
            last_totp_step = null where email = $1`,
    [email, userId],
  );
  await tx.query('delete from staff_recovery_codes where email = $1', [email]);
}

/**
 * The secret waiting for its first code: the one already waiting, else this new one (two tabs asking at once
 * get the same). Null when the address has none to wait (set up already, or gone).
 */
export async function pendingSecret(db: Queryable, email: string, secret: string): Promise<string | null> {
  const [row] = await db.query<{ totp_secret: string }>(
    `update staff_members set totp_secret = coalesce(totp_secret, $2) where email = $1 and totp_enabled_at is null
     returning totp_secret`,
    [email, secret],
  );
  return row?.totp_secret ?? null;
}

/** The first code was right: the secret holds, with these recovery codes (their hashes). */
export async function enableSecondFactor(tx: Queryable, email: string, step: number, codeHashes: string[]): Promise<void> {
  await tx.query('update staff_members set totp_enabled_at = now(), last_totp_step = $2 where email = $1', [email, step]);
  await tx.query('delete from staff_recovery_codes where email = $1', [email]);
  await tx.query('insert into staff_recovery_codes (email, code_hash) select $1, unnest($2::text[])', [email, codeHashes]);
}

/**
 * Takes a code's 30-second step, once: false when this or a later step was taken already (RFC 6238 §5.2: a
 * code that let someone in is not taken again).
 */
export async function takeStep(db: Queryable, email: string, step: number): Promise<boolean> {
  const rows = await db.query(
    `update staff_members set last_totp_step = $2 where email = $1 and (last_totp_step is null or last_totp_step < $2)
     returning 1`,
    [email, step],
  );
  return rows.length === 1;
}

/** Uses up a recovery code: false when the address has no such unused code. */
export async function useRecoveryCode(db: Queryable, email: string, codeHash: string): Promise<boolean> {
  const rows = await db.query(
    'update staff_recovery_codes set used_at = now() where email = $1 and code_hash = $2 and used_at is null returning 1',
    [email, codeHash],
  );
  return rows.length === 1;
}

/** Invitations that expired, or were taken, more than `days` ago (housekeeping). */
export async function dropSpentInvitations(db: Queryable, days: number): Promise<number> {
  const rows = await db.query(
    `delete from staff_invitations
      where expires_at < now() - make_interval(days => $1) or used_at < now() - make_interval(days => $1) returning 1`,
    [days],
  );
  return rows.length;
}

export async function recoveryCodesLeft(db: Queryable, email: string): Promise<number> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from staff_recovery_codes where email = $1 and used_at is null', [
    email,
  ]);
  return row?.n ?? 0;
}
