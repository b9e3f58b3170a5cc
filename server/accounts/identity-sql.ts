// SQL of who is asking: the user behind a token (auth_tokens, not revoked).
import type { Queryable } from '../db/driver.ts';

export async function userIdByToken(db: Queryable, key: string): Promise<number | null> {
  const [row] = await db.query<{ user_id: number }>('select user_id from auth_tokens where key = $1 and revoked_at is null', [key]);
  return row?.user_id ?? null;
}
