// Vitest's global setup for the server suite: migrates and seeds one database per engine once, so every
// test file starts from a copy instead of seeding its own (10 s of seed per file and engine before): a dump
// of a seeded in-memory PGlite in a temporary file, and, with TEST_DATABASE_URL, a seeded PostgreSQL
// database that each file clones with CREATE DATABASE … TEMPLATE. Also a dump of an empty PGlite, for the
// tests that need one (initdb takes 2.5 s; a dump opens in 0.8). All are removed at the end. The goods show
// the demo's photographs, as a new shop's do.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase, prepareDatabase } from '../../server/db/open.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { seedPhotographs } from '../../server/media/public.ts';
import { adminQuery, PG_URL, scratchName, withDatabase } from './scratch-databases.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A file holding the dump of a migrated and seeded PGlite. */
    pgliteTemplate: string;
    /** A file holding the dump of an empty PGlite, as initdb leaves it (opened from it in a third of initdb's time). */
    pgliteEmpty: string;
    /** The name of a migrated and seeded PostgreSQL database to clone, when TEST_DATABASE_URL is set. */
    pgTemplate: string | null;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-template-'));
  const file = path.join(dir, 'pglite.tar');
  const empty = path.join(dir, 'pglite-empty.tar');
  const template = PG_URL ? scratchName('shop_template') : null;
  // The demo's photographs, as `npm start` has them, in the media folder of the apps that keep the default
  // DATA_DIR (./data): made once per machine, then copied (server/media/seed-photographs.ts).
  const made = seedPhotographs(path.resolve('data', 'media'));
  const photos = () => made;
  // The two engines are seeded side by side: PGlite's work runs in its worker thread, PostgreSQL's in its own
  // processes, so on two cores the pair takes little more than the slower one.
  await Promise.all([
    (async () => {
      const pglite = await openPglite();
      try {
        writeFileSync(empty, Buffer.from(await (await pglite.dump()).arrayBuffer()));
        await prepareDatabase(pglite, { photos });
        writeFileSync(file, Buffer.from(await (await pglite.dump()).arrayBuffer()));
      } finally {
        await pglite.close();
      }
    })(),
    (async () => {
      if (!PG_URL || !template) return;
      await adminQuery(PG_URL, `create database ${template}`);
      const db = await openDatabase({ databaseUrl: withDatabase(PG_URL, template) }, { photos });
      await db.close(); // no connection may stay open to a template that is being cloned
    })(),
  ]);
  project.provide('pgliteTemplate', file);
  project.provide('pgliteEmpty', empty);
  project.provide('pgTemplate', template);

  return async () => {
    rmSync(dir, { recursive: true, force: true });
    if (PG_URL && template) await adminQuery(PG_URL, `drop database if exists ${template} with (force)`);
  };
}
