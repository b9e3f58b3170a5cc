// A scratch database on the bench's PostgreSQL server (BENCH_DATABASE_URL or TEST_DATABASE_URL), dropped after.
import pg from 'pg';

export async function scratchPostgres(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `shop_bench_${process.pid}_${Date.now()}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const u = new URL(url);
  u.pathname = `/${name}`;
  return {
    url: u.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: url });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
