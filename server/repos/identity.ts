// SQL of who is asking: the user behind a token (auth_tokens, not revoked) and a user's buyer data.
import type { Queryable } from '../db/driver.ts';

export async function userIdByToken(db: Queryable, key: string): Promise<number | null> {
  const [row] = await db.query<{ user_id: number }>(
    'select user_id from auth_tokens where key = $1 and revoked_at is null',
    [key],
  );
  return row?.user_id ?? null;
}

export interface UserContact {
  email: string | null;
  phone: string | null;
  first_name: string;
  last_name: string;
  second_name: string;
}

export async function userContact(db: Queryable, userId: number): Promise<UserContact | null> {
  const [row] = await db.query<UserContact>(
    'select email, phone, first_name, last_name, second_name from users where id = $1',
    [userId],
  );
  return row ?? null;
}
