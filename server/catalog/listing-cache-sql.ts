// SQL of the listing cache: answers computed over a whole scope (its facets, its count), kept per catalogue
// version. A write to the catalogue bumps the version (triggers of migration 002), so an entry is only ever
// read at the version it was computed at.
import type { Queryable } from '../db/public.ts';

export async function cached<T>(db: Queryable, key: string, compute: () => Promise<T>): Promise<T> {
  const [row] = await db.query<{ version: string | number; body: T | null }>(
    `select v.version, c.body from catalogue_version v left join listing_cache c on c.key = $1 and c.version = v.version`,
    [key],
  );
  if (row?.body != null) return row.body;
  // The version is read before computing: if the catalogue changes meanwhile, this entry is already stale.
  const body = await compute();
  if (row) {
    await db.query(
      `insert into listing_cache (key, version, body) values ($1, $2, $3)
       on conflict (key) do update set version = excluded.version, body = excluded.body
        where listing_cache.version < excluded.version`,
      [key, row.version, JSON.stringify(body)],
    );
  }
  return body;
}
