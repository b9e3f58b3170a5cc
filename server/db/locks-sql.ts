// A lock by name, held until the transaction ends (an advisory lock on the name's hash): every process on the
// database waits on the same one. Callers name their locks by area ("login:ip:…", "unpaid:ip:…").
import type { Queryable } from './driver.ts';

export async function lockName(tx: Queryable, name: string): Promise<void> {
  await tx.query('select pg_advisory_xact_lock(hashtextextended($1, 0))', [name]);
}
