// Vitest's global setup for the server suite: migrates and seeds one database per engine once, so every
// test file starts from a copy instead of seeding its own (10 s of seed per file and engine before): a dump
// of a seeded in-memory PGlite in a temporary file, and, with TEST_DATABASE_URL, a seeded PostgreSQL
// database that each file clones with CREATE DATABASE … TEMPLATE. Both are removed at the end.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, prepareDatabase } from '../../server/db/open.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { adminQuery, PG_URL, scratchName, withDatabase } from './scratch-databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding the dump of a migrated and seeded PGlite. */
    pgliteTemplate: string;
    /** The name of a migrated and seeded PostgreSQL database to clone, when TEST_DATABASE_URL is set. */
    pgTemplate: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-template-'));
  const file = path.join(dir, 'pglite.tar');
  const pglite = await openPglite();
  try {
    await prepareDatabase(pglite);
    writeFileSync(file, Buffer.from(await (await pglite.dump()).arrayBuffer()));
  } finally {
    await pglite.close();
  }
  project.provide('pgliteTemplate', file);

  let template: string | null = null;
  if (PG_URL) {
    template = scratchName('shop_template');
    await adminQuery(PG_URL, `create database ${template}`);
    const db = await openDatabase({ databaseUrl: withDatabase(PG_URL, template) });
    await db.close(); // no connection may stay open to a template that is being cloned
  }
  project.provide('pgTemplate', template);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (PG_URL && template) await adminQuery(PG_URL, `drop database if exists ${template} with (force)`);
  };
}
