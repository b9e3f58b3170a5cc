// SQL of e-mail changes waiting for their link (email_changes): issued with an expiry, taken once.
import type { Queryable } from '../db/public.ts';

export async function insertEmailChange(tx: Queryable, token: string, userId: number, newEmail: string, ttlS: number): Promise<void> {
  await tx.query(
    `insert into email_changes (token, user_id, new_email, expires_at) values ($1, $2, $3, now() + make_interval(secs => $4))`,
    [token, userId, newEmail, ttlS],
  );
}

export type EmailChangeState = { state: 'ok'; userId: number; newEmail: string } | { state: 'unknown' | 'used' | 'expired' };

/** Whether the change's link may still be used, without taking it (the page the link opens asks first). */
export const readEmailChange = (q: Queryable, token: string) => emailChange(q, token, '');

/** Locks the change's row and says whether its link may still be used. */
export const lockEmailChange = (tx: Queryable, token: string) => emailChange(tx, token, 'for update');

async function emailChange(q: Queryable, token: string, lock: '' | 'for update'): Promise<EmailChangeState> {
  const [row] = await q.query<{ user_id: number; new_email: string; used: boolean; expired: boolean }>(
    `select user_id, new_email, used_at is not null as used, expires_at <= now() as expired
       from email_changes where token = $1 ${lock}`,
    [token],
  );
  if (!row) return { state: 'unknown' };
  if (row.used) return { state: 'used' };
  if (row.expired) return { state: 'expired' };
  return { state: 'ok', userId: row.user_id, newEmail: row.new_email };
}

/** Takes up every waiting change of the user (a newer request, or the one confirmed, ends the others). */
export async function endEmailChanges(tx: Queryable, userId: number): Promise<void> {
  await tx.query('update email_changes set used_at = now() where user_id = $1 and used_at is null', [userId]);
}
