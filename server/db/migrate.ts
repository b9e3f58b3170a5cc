// Applies server/db/migrations/*.sql in name order, each once, recording them in schema_migrations.
// One transaction under an advisory lock, so several processes starting at once against one PostgreSQL
// migrate exactly once between them.
import { readdir, readFile } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import type { Db, Queryable } from './driver.ts';

const MIGRATIONS_DIR = fileURLToPath(new URL('./migrations/', import.meta.url));
const MIGRATION_LOCK = 7_345_011; // any fixed number: the advisory lock's name

/** The migrations this code has that the database has not applied (readiness: a process of newer code before its migration ran). */
let shipped: Promise<string[]> | undefined;

export async function pendingMigrations(db: Db): Promise<string[]> {
  // The code's migrations do not change while it runs: the folder is read once, not at every readiness probe.
  shipped ??= shippedMigrations();
  const files = await shipped;
  const done = new Set((await db.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name));
  return files.filter((f) => !done.has(f)).sort();
}

/** The code's migrations, in the order they apply. */
export async function shippedMigrations(): Promise<string[]> {
  return (await readdir(MIGRATIONS_DIR)).filter((f) => f.endsWith('.sql')).sort();
}

export function migrate(db: Db): Promise<string[]> {
  return db.transaction((tx) => applyMigrations(tx));
}

/**
 * Applies, inside the caller's transaction, the migrations not yet applied, up to and including `upTo` when
 * given (a restore brings a backup's tables back at the schema they were written with, then applies the rest).
 */
export async function applyMigrations(tx: Queryable, upTo?: string): Promise<string[]> {
  const files = (await shippedMigrations()).filter((f) => upTo === undefined || f <= upTo);
  await tx.query('select pg_advisory_xact_lock($1)', [MIGRATION_LOCK]);
  await tx.exec(`create table if not exists schema_migrations (
    name text primary key, applied_at timestamptz not null default now())`);
  const done = new Set((await tx.query<{ name: string }>('select name from schema_migrations')).map((r) => r.name));
  const applied: string[] = [];
  for (const file of files) {
    if (done.has(file)) continue;
    await tx.exec(await readFile(MIGRATIONS_DIR + file, 'utf8'));
    await tx.query('insert into schema_migrations (name) values ($1)', [file]);
    applied.push(file);
  }
  return applied;
}
