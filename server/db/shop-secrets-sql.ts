// SQL of the shop's secrets (shop_secrets, migration 008): each made once by the first server that needs it
// and shared by every process on the database, so a restart or a second process signs alike.
import type { Queryable } from './driver.ts';

/** The secret of this name: the stored one, or `make()`'s stored now (two processes at once keep the first). */
export async function shopSecret(db: Queryable, name: string, make: () => string): Promise<string> {
  const read = async () => (await db.query<{ value: string }>('select value from shop_secrets where name = $1', [name]))[0]?.value;
  const stored = await read();
  if (stored !== undefined) return stored;
  await db.query('insert into shop_secrets (name, value) values ($1, $2) on conflict (name) do nothing', [name, make()]);
  return (await read())!;
}
