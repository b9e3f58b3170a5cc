// The scale-out engine: a real PostgreSQL through node-postgres, when DATABASE_URL is set.
import pg from 'pg';
import type { Db, Queryable } from './driver.ts';
import { PostgresListener } from './postgres-listener.ts';

// Keep int8 (count(*), sums) as JavaScript numbers, as PGlite gives them; our values stay far below 2^53.
pg.types.setTypeParser(pg.types.builtins.INT8, (v) => Number(v));

export async function openPostgres(connectionString: string, max = 10): Promise<Db> {
  const pool = new pg.Pool({ connectionString, max });
  // An idle connection the server closes (a restart, a dropped database) must not crash the process: the
  // pool drops it and opens another on the next query.
  pool.on('error', (err) => console.warn(`[db] idle PostgreSQL connection closed: ${err.message}`));
  // Fail at start, not on the first request, when the server is unreachable.
  const probe = await pool.connect();
  probe.release();
  const listener = new PostgresListener(connectionString);
  const wrap = (c: pg.Pool | pg.PoolClient): Queryable => ({
    async query<T>(sql: string, params: readonly unknown[] = []) {
      const res = await c.query(sql, params as unknown[]);
      return res.rows as T[];
    },
    async exec(sql: string) {
      await c.query(sql); // no parameters: the simple protocol runs several statements
    },
  });
  return {
    engine: 'postgres',
    ...wrap(pool),
    async transaction(fn) {
      const client = await pool.connect();
      try {
        await client.query('begin');
        const result = await fn(wrap(client));
        await client.query('commit');
        return result;
      } catch (err) {
        await client.query('rollback').catch(() => undefined);
        throw err;
      } finally {
        client.release();
      }
    },
    listen: (channel, onNotice, onGap) => listener.listen(channel, onNotice, onGap),
    listening: () => listener.up,
    poolUse: () => ({ connections: pool.totalCount, idle: pool.idleCount, waiting: pool.waitingCount }),
    async close() {
      await listener.close();
      await pool.end();
    },
  };
}
