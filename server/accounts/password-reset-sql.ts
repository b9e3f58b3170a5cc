// SQL of password reset links (password_reset_tokens): issued with an expiry, taken once.
import type { Queryable } from '../db/public.ts';

export async function insertResetToken(tx: Queryable, token: string, userId: number, ttlS: number): Promise<void> {
  await tx.query('insert into password_reset_tokens (token, user_id, expires_at) values ($1, $2, now() + make_interval(secs => $3))', [
    token,
    userId,
    ttlS,
  ]);
}

export type ResetTokenState = { state: 'ok'; userId: number } | { state: 'unknown' | 'used' | 'expired' };

/** Locks the token's row and says whether it may still be used. */
export async function lockResetToken(tx: Queryable, token: string): Promise<ResetTokenState> {
  const [row] = await tx.query<{ user_id: number; used: boolean; expired: boolean }>(
    `select user_id, used_at is not null as used, expires_at <= now() as expired
       from password_reset_tokens where token = $1 for update`,
    [token],
  );
  if (!row) return { state: 'unknown' };
  if (row.used) return { state: 'used' };
  if (row.expired) return { state: 'expired' };
  return { state: 'ok', userId: row.user_id };
}

/** Marks this token used, and the user's other live links with it (the password they would reset is new). */
export async function useResetTokens(tx: Queryable, userId: number): Promise<void> {
  await tx.query('update password_reset_tokens set used_at = now() where user_id = $1 and used_at is null', [userId]);
}
