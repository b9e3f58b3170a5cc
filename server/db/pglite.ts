// The embedded engine: PGlite (PostgreSQL compiled to WebAssembly), on disk under a folder or in memory.
import { PGlite } from '@electric-sql/pglite';
import type { Db, Queryable } from './driver.ts';
import { lockFolder } from './pglite-lock.ts';

/**
 * PGlite under `dir` (taken for this process alone: pglite-lock.ts), or in memory; `from` fills a memory one
 * from a dump of another (the tests' seeded template).
 */
export async function openPglite(dir?: string, from?: Blob): Promise<Db & { dump(): Promise<Blob> }> {
  const unlock = dir ? lockFolder(dir) : () => {};
  const pg = dir ? new PGlite(dir) : new PGlite({ loadDataDir: from });
  try {
    await pg.waitReady;
  } catch (err) {
    unlock();
    throw err;
  }
  const wrap = (q: Pick<PGlite, 'query' | 'exec'>): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const res = await q.query<T>(sql, params as unknown[]);
      return res.rows;
    },
    async exec(sql: string) {
      await q.exec(sql);
    },
  });
  // What is asked of the one connection, running or queued behind it (PGlite keeps its queue to itself).
  let asked = 0;
  const counted = async <T>(work: () => Promise<T>): Promise<T> => {
    asked += 1;
    try {
      return await work();
    } finally {
      asked -= 1;
    }
  };
  const top = wrap(pg);
  return {
    engine: 'pglite',
    folder: dir,
    query: (sql, params) => counted(() => top.query(sql, params)),
    exec: (sql) => counted(() => top.exec(sql)),
    transaction: (fn) => counted(() => pg.transaction((tx) => fn(wrap(tx)))),
    // In-process: no connection to lose, so no gaps.
    listen: (channel, onNotice) => pg.listen(channel, onNotice),
    listening: () => !pg.closed,
    poolUse: () => ({ connections: 1, idle: asked ? 0 : 1, waiting: Math.max(asked - 1, 0) }),
    close: async () => {
      try {
        await pg.close();
      } finally {
        unlock();
      }
    },
    dump: () => pg.dumpDataDir('none'),
  };
}
