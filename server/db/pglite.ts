// The embedded engine: PGlite (PostgreSQL compiled to WebAssembly), on disk under a folder or in memory.
import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './driver.ts';

export async function openPglite(dir?: string): Promise<Db> {
  const pg = dir ? new PGlite(dir) : new PGlite();
  await pg.waitReady;
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const res = await q.query<T>(sql, params as unknown[]);
      return res.rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  return {
    engine: 'pglite',
    ...wrap(pg),
    transaction: (fn) => pg.transaction((tx) => fn(wrap(tx))),
    close: () => pg.close(),
  };
}
