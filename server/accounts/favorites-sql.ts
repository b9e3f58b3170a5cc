// SQL of a signed-in user's favourites (favorites): product ids, the order they were added in.
import type { Queryable } from '../db/public.ts';

export async function favoriteIds(db: Queryable, userId: number): Promise<number[]> {
  const rows = await db.query<{ product_id: number }>(
    'select product_id from favorites where user_id = $1 order by created_at, product_id',
    [userId],
  );
  return rows.map((r) => r.product_id);
}

/** Adds the ids of products that exist, in the order given; the others are skipped. */
export async function addFavorites(tx: Queryable, userId: number, ids: readonly number[]): Promise<void> {
  await tx.query(
    `insert into favorites (user_id, product_id, created_at)
     select $1, p.id, now() + min(t.n) * interval '1 microsecond'
       from unnest($2::int[]) with ordinality as t(id, n) join products p on p.id = t.id
      group by p.id
     on conflict do nothing`,
    [userId, ids],
  );
}

export async function clearFavorites(tx: Queryable, userId: number): Promise<void> {
  await tx.query('delete from favorites where user_id = $1', [userId]);
}
