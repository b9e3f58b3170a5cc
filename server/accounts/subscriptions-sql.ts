// SQL of the mailing list (subscriptions): an e-mail subscribed or unsubscribed, and whether it is.
import type { Queryable } from '../db/public.ts';

export async function setSubscribed(db: Queryable, email: string, subscribed: boolean): Promise<void> {
  await db.query(
    `insert into subscriptions (email, subscribed) values ($1, $2)
     on conflict (email) do update set subscribed = excluded.subscribed, updated_at = now()`,
    [email, subscribed],
  );
}

export async function isSubscribed(db: Queryable, email: string): Promise<boolean> {
  const [row] = await db.query<{ subscribed: boolean }>('select subscribed from subscriptions where email = $1', [email]);
  return row?.subscribed ?? false;
}
