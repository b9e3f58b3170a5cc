// The embedded engine: PGlite (PostgreSQL compiled to WebAssembly), on disk under a folder or in memory. It
// runs in a worker thread (pglite/), not on the thread that answers requests: a statement's work, a write's
// above all, would hold up every other request while it runs.
import type { Db, Queryable } from './driver.ts';
import { lockFolder } from './pglite-lock.ts';
import { takeThread, type PgliteThread } from './pglite/thread.ts';

export interface PgliteDb extends Db {
  dump(): Promise<Blob>;
  /** The worker the database runs in (the tests end it as a crash would). */
  readonly thread: Pick<PgliteThread, 'kill'>;
}

export const PGLITE_MESSAGES = {
  closed: 'База данных PGlite уже закрыта',
} as const;

/**
 * When the worker dies its database is gone with it: a server must not go on without one, so it exits with
 * code 1 and its supervisor (systemd, Docker, the process manager) starts it again on the same folder.
 */
function exitOnWorkerDeath(err: Error): void {
  console.error(err);
  process.exit(1);
}

/**
 * PGlite under `dir` (taken for this process alone: pglite-lock.ts), or in memory; `from` fills a memory one
 * from a dump of another (the tests' seeded template). `onWorkerDeath` runs after the worker's pending
 * queries were rejected: by default the process exits with code 1.
 */
export async function openPglite(dir?: string, from?: Blob, onWorkerDeath = exitOnWorkerDeath, durable = true): Promise<PgliteDb> {
  const unlock = dir ? lockFolder(dir) : () => {};
  let closed = false;
  let thread: PgliteThread | undefined;
  try {
    thread = await takeThread((err) => {
      closed = true;
      onWorkerDeath(err);
    });
    const loadDataDir = from && (await from.arrayBuffer());
    await thread.call({ op: 'open', dataDir: dir, loadDataDir, durable }, loadDataDir ? [loadDataDir] : []);
  } catch (err) {
    thread?.release();
    unlock();
    throw err;
  }
  const worker = thread;
  // Once closed, the worker may hold the next database opened: nothing more of this one reaches it.
  let released = false;
  const call: PgliteThread['call'] = (request, transfer) =>
    released ? Promise.reject(new Error(PGLITE_MESSAGES.closed)) : worker.call(request, transfer);
  const on = (tx?: number): Queryable => ({
    query: (sql, params = []) => call({ op: 'query', sql, params, tx }),
    exec: (sql) => call({ op: 'exec', sql, tx }),
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
  const top = on();
  let listens = 0;
  return {
    engine: 'pglite',
    folder: dir,
    thread: worker,
    query: (sql, params) => counted(() => top.query(sql, params)),
    exec: (sql) => counted(() => top.exec(sql)),
    transaction: (fn) =>
      counted(async () => {
        const tx = await call<number>({ op: 'begin' });
        let result;
        try {
          result = await fn(on(tx));
        } catch (err) {
          await call({ op: 'end', tx, commit: false }).catch(() => {}); // the error to report is fn's
          throw err;
        }
        await call({ op: 'end', tx, commit: true });
        return result;
      }),
    // In-process (in the worker): no connection to lose, so no gaps.
    async listen(channel, onNotice) {
      const listen = ++listens;
      worker.onNotice(listen, onNotice);
      await call({ op: 'listen', channel, listen });
      return async () => {
        if (!released) await call({ op: 'unlisten', listen }); // a closed database listens no more
      };
    },
    listening: () => !closed,
    poolUse: () => ({ connections: 1, idle: asked ? 0 : 1, waiting: Math.max(asked - 1, 0) }),
    close: async () => {
      if (closed) return unlock();
      closed = true;
      try {
        await call({ op: 'close' });
        released = true;
        worker.release();
      } finally {
        unlock();
      }
    },
    dump: async () => new Blob([await call<ArrayBuffer>({ op: 'dump' })]),
  };
}
