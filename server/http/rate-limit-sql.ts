// SQL of rate-limit hits (rate_limit_hits): counting a bucket's recent hits, recording one, giving one back,
// dropping old ones.
import type { Queryable } from '../db/public.ts';

/** Hits of the bucket within the last windowS seconds. */
export async function recentHits(db: Queryable, bucket: string, windowS: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select count(*)::int as n from rate_limit_hits where bucket = $1 and hit_at > now() - make_interval(secs => $2)`,
    [bucket, windowS],
  );
  return row?.n ?? 0;
}

/** Records a hit; answers its id (to give it back). */
export async function recordHit(db: Queryable, bucket: string): Promise<string> {
  const [row] = await db.query<{ id: string }>('insert into rate_limit_hits (bucket) values ($1) returning id::text', [bucket]);
  return row!.id;
}

export async function deleteHits(db: Queryable, ids: readonly string[]): Promise<void> {
  if (ids.length) await db.query('delete from rate_limit_hits where id = any($1::bigint[])', [ids]);
}

export async function clearBucket(db: Queryable, bucket: string): Promise<void> {
  await db.query('delete from rate_limit_hits where bucket = $1', [bucket]);
}

/** Housekeeping: hits older than any window are of no use. */
export async function dropOldHits(db: Queryable, olderThanS: number): Promise<number> {
  const rows = await db.query('delete from rate_limit_hits where hit_at < now() - make_interval(secs => $1) returning 1', [olderThanS]);
  return rows.length;
}
