// SQL of housekeeping: dropping rows that are of no more use (forgotten visitor carts, spent password reset
// links and e-mail change links, long-revoked tokens).
import type { Queryable } from '../db/public.ts';

/** Visitors' carts nobody changed for `days` (a signed-in shopper's cart stays). */
export async function dropIdleVisitorCarts(db: Queryable, days: number): Promise<number> {
  const rows = await db.query(`delete from carts where user_id is null and updated_at < now() - make_interval(days => $1) returning 1`, [
    days,
  ]);
  return rows.length;
}

/** Mailed single-use links (password reset, e-mail change) that expired, or were used, more than `days` ago. */
export async function dropSpentLinks(db: Queryable, table: 'password_reset_tokens' | 'email_changes', days: number): Promise<number> {
  const rows = await db.query(
    `delete from ${table}
      where expires_at < now() - make_interval(days => $1) or used_at < now() - make_interval(days => $1) returning 1`,
    [days],
  );
  return rows.length;
}

/** Sign-in tokens revoked more than `days` ago. */
export async function dropRevokedTokens(db: Queryable, days: number): Promise<number> {
  const rows = await db.query(`delete from auth_tokens where revoked_at < now() - make_interval(days => $1) returning 1`, [days]);
  return rows.length;
}
