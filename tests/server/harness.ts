// Test harness of the server suite: the database backends to run against (in-memory PGlite always,
// PostgreSQL when TEST_DATABASE_URL is set, each a copy of the seeded template of template-databases.ts,
// dropped afterwards) and an app built on one of them with a small fake dist/ for the static-serving rules.
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../server/app.ts';
import type { PageRenderer } from '../../server/render/ssr-bundle.ts';
import type {} from '../../server/plugins/response-cache.ts'; // declares app.responseCache
import type {} from '../../server/plugins/shop-providers.ts'; // declares app.payments
import { readConfig } from '../../server/config.ts';
import type { Db } from '../../server/db/driver.ts';
import { migrate } from '../../server/db/migrate.ts';
import { openDatabase } from '../../server/db/open.ts';
import { openPglite, type PgliteDb } from '../../server/db/pglite.ts';
import { adminQuery, PG_URL, scratchName, withDatabase } from './scratch-databases.ts';
import { PATIENCE } from '../support/patience.ts';

export interface Backend {
  name: string;
  open(): Promise<Db>;
}

export { PG_URL };

/** A new database on the TEST_DATABASE_URL server (a copy of `template` when given), and how to drop it. */
export async function createScratchDatabase(url: string, template?: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = scratchName('shop_test');
  await cloneWhenFree(url, `create database ${name}${template ? ` template ${template}` : ''}`);
  return { url: withDatabase(url, name), drop: () => adminQuery(url, `drop database if exists ${name} with (force)`) };
}

/** PostgreSQL refuses to copy a template while another copy of it is being made: try again shortly. */
async function cloneWhenFree(url: string, sql: string): Promise<void> {
  for (let attempt = 0; ; attempt++) {
    try {
      return await adminQuery(url, sql);
    } catch (err) {
      if (attempt >= 50 || !/is being accessed by other users/.test(String(err))) throw err;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
}

async function openScratchPostgres(url: string): Promise<Db> {
  const scratch = await createScratchDatabase(url, inject('pgTemplate') ?? undefined);
  const db = await openDatabase({ databaseUrl: scratch.url });
  return {
    ...db,
    async close() {
      await db.close();
      await scratch.drop();
    },
  };
}

/** An in-memory PGlite filled from the seeded template of the global setup (template-databases.ts). */
async function openSeededPglite(): Promise<Db> {
  const db = await openPglite(undefined, new Blob([readFileSync(inject('pgliteTemplate'))]));
  await migrate(db); // nothing to do unless a migration was added since the template was made
  return db;
}

/** An empty PGlite in memory, as initdb leaves it (from the suite's dump of one: initdb itself takes 2.5 s). */
export function emptyPglite(): Promise<PgliteDb> {
  return openPglite(undefined, new Blob([readFileSync(inject('pgliteEmpty'))]));
}

/**
 * Makes `dataDir` a shop's data folder whose PGlite (`<dataDir>/pg`) is a copy of the seeded template: a shop
 * process started on it finds its catalogue and skips the seed (10 s or more of a test spent seeding).
 */
export async function seededDataDir(dataDir: string): Promise<void> {
  const folder = path.join(dataDir, 'pg');
  mkdirSync(folder, { recursive: true });
  const db = await openPglite(folder, new Blob([readFileSync(inject('pgliteTemplate'))]));
  await db.close();
}

const pgUrl = PG_URL;

export const backends: Backend[] = [
  { name: 'PGlite', open: openSeededPglite },
  ...(pgUrl ? [{ name: 'PostgreSQL', open: () => openScratchPostgres(pgUrl) }] : []),
];

/**
 * The backend of a test whose engine cannot matter (HTTP shapes, headers, rendering, files, pure rules): the
 * quicker one there is, PostgreSQL when TEST_DATABASE_URL names one (an app on a copy of its template starts in
 * a third of the time PGlite takes to load its dump), else PGlite. Every SQL behaviour, migration, lock and
 * transaction runs on `backends`.
 */
export const oneBackend: Backend[] = [backends[backends.length - 1]];

/** A dist/ with the files whose caching rules the server applies. */
export function fakeDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang="ru"><title>Море и Мода</title><div id="root"></div>');
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Море и Мода"}');
  const script = Buffer.from(`console.log(${JSON.stringify('x'.repeat(4000))});`);
  writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js'), script);
  // What the build writes beside each asset (vite.config.ts).
  writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js.br'), brotliCompressSync(script));
  writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js.gz'), gzipSync(script));
  return dir;
}

/** The page renderer from the app's source (what the SSR build makes of src/entry-server.tsx). */
const sourceRenderer = async (): Promise<PageRenderer> => ({
  buildId: 'test',
  render: (await import('../../src/entry-server.tsx')).render,
});

/**
 * The app on a fresh database of the backend, taking payments on the test page as the demo does; env adds
 * configuration (e.g. the social providers') or takes it away (PAYMENT_PROVIDER: ''); with
 * `renderPages` its pages are rendered by the app's own source, as the SSR build would.
 */
export async function startApp(
  backend: Backend,
  env: NodeJS.ProcessEnv = {},
  opts: { renderPages?: boolean; sameDatabaseAs?: FastifyInstance } = {},
): Promise<FastifyInstance> {
  // Another process of the same shop (a restart with other settings): its database, left open when this app closes.
  const db = opts.sameDatabaseAs ? keptOpen(opts.sameDatabaseAs.db) : await backend.open();
  const distDir = fakeDist();
  const app = await buildApp({
    config: readConfig({ DIST_DIR: distDir, LOG_LEVEL: 'silent', CHECK_ANSWERS: '1', PAYMENT_PROVIDER: 'test', ...env }),
    db,
    logger: false,
    renderer: opts.renderPages ? sourceRenderer : async () => null,
  });
  app.addHook('onClose', async () => rmSync(distDir, { recursive: true, force: true }));
  return app;
}

/** The database as a second app sees it: its close leaves it open for the app that opened it. */
function keptOpen(db: Db): Db {
  return new Proxy(db, {
    get: (target, name) => {
      if (name === 'close') return async () => {};
      const value = Reflect.get(target, name) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}

/** GET a JSON answer, asserting nothing: tests assert on status and body. */
export async function getJson<T = unknown>(app: FastifyInstance, url: string): Promise<{ status: number; body: T }> {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as T };
}

/**
 * How long a test waits for a change made in the database to reach the response cache through the notice
 * sent when it commits. Generous: a test checks that it arrives, never how fast (the bench's business).
 */
export const NOTICE_WAIT = { ...PATIENCE, interval: 20 };
