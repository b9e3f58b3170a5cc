// Opens the configured database (PostgreSQL when a URL is given, else PGlite), migrates it and seeds it
// when it is empty: the one call server/main.ts and the tests make.
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import type { Db } from './driver.ts';
import { migrate } from './migrate.ts';
import { openPglite } from './pglite.ts';
import { openPostgres } from './postgres.ts';
import { seedIfEmpty, type SeedOptions } from './seed/index.ts';

export interface DbConfig {
  /** postgres://… selects PostgreSQL; otherwise PGlite. */
  databaseUrl?: string;
  /** PGlite's folder is `${dataDir}/pg`; with neither this nor databaseUrl the database lives in memory. */
  dataDir?: string;
  /** Whether PGlite on disk syncs each commit to the host's disk (server/db/pglite/durable-fs.ts); on when not said. */
  pgliteSync?: boolean;
}

export async function openDatabase(cfg: DbConfig, seed: SeedOptions | false = {}): Promise<Db> {
  let db: Db;
  if (cfg.databaseUrl) {
    db = await openPostgres(cfg.databaseUrl);
  } else if (cfg.dataDir) {
    const dir = path.resolve(cfg.dataDir, 'pg');
    await mkdir(dir, { recursive: true });
    db = await openPglite(dir, undefined, undefined, cfg.pgliteSync ?? true);
  } else {
    db = await openPglite();
  }
  try {
    await prepareDatabase(db, seed);
  } catch (err) {
    await db.close();
    throw err;
  }
  return db;
}

/** Migrates an open database and, when it is empty, seeds it and settles the fresh data. */
export async function prepareDatabase(db: Db, seed: SeedOptions | false = {}): Promise<void> {
  await migrate(db);
  if (seed && (await seedIfEmpty(db, seed))) await settleFreshData(db);
}

/**
 * After a seed: the variant triggers rewrote every products row once, so the table is compacted; then planner
 * statistics and the visibility map (index-only scans) are made before the first request.
 */
export async function settleFreshData(db: Db): Promise<void> {
  await db.exec('vacuum full products');
  await db.exec('vacuum analyze');
}
