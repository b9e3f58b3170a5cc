// SQL of stored first answers (idempotency_keys): the per scope+key lock, the stored answer, storing one,
// and dropping old ones.
import type { Queryable } from '../db/public.ts';

export interface StoredAnswer {
  method: string;
  path: string;
  status_code: number;
  response: unknown;
}

/** Serialises every request with this scope and key until the transaction ends. */
export async function lockKey(tx: Queryable, scope: string, key: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 7345012))', [`${scope}\n${key}`]);
}

export async function findAnswer(tx: Queryable, scope: string, key: string): Promise<StoredAnswer | null> {
  const [row] = await tx.query<StoredAnswer>(
    'select method, path, status_code, response from idempotency_keys where scope = $1 and key = $2',
    [scope, key],
  );
  return row ?? null;
}

export async function storeAnswer(
  tx: Queryable,
  scope: string,
  key: string,
  a: { method: string; path: string; status: number; body: unknown },
): Promise<void> {
  await tx.query(
    `insert into idempotency_keys (scope, key, method, path, status_code, response)
     values ($1, $2, $3, $4, $5, $6::json)`,
    [scope, key, a.method, a.path, a.status, JSON.stringify(a.body)],
  );
}

/** Drops answers older than the given number of days; returns how many. */
export async function dropOldAnswers(db: Queryable, days: number): Promise<number> {
  const rows = await db.query(`delete from idempotency_keys where created_at < now() - make_interval(days => $1) returning 1`, [days]);
  return rows.length;
}

/** At login: the visitor's stored answers become the user's, except keys the user already has. */
export async function moveAnswers(tx: Queryable, fromScope: string, toScope: string): Promise<void> {
  await tx.query(
    `update idempotency_keys k set scope = $2
      where k.scope = $1 and not exists (select 1 from idempotency_keys u where u.scope = $2 and u.key = k.key)`,
    [fromScope, toScope],
  );
  await tx.query('delete from idempotency_keys where scope = $1', [fromScope]);
}
