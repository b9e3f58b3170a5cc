// Scratch databases on the TEST_DATABASE_URL server: a unique name, an admin statement on its
// maintenance connection, and a URL naming another database on the same server.
import pg from 'pg';

export const PG_URL = process.env.TEST_DATABASE_URL;

export const scratchName = (prefix: string) =>
  `${prefix}_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;

export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

export function withDatabase(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}
