// Test harness of the server suite: the database backends to run against (in-memory PGlite always,
// PostgreSQL when TEST_DATABASE_URL is set, each in a scratch database dropped afterwards) and an app
// built on one of them with a small fake dist/ for the static-serving rules.
import { mkdtempSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../server/app.ts';
import { readConfig } from '../../server/config.ts';
import type { Db } from '../../server/db/driver.ts';
import { openDatabase } from '../../server/db/open.ts';

export interface Backend {
  name: string;
  open(): Promise<Db>;
}

export const PG_URL = process.env.TEST_DATABASE_URL;

/** A new empty database on the TEST_DATABASE_URL server, and how to drop it. */
export async function createScratchDatabase(url: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `shop_test_${process.pid}_${Date.now().toString(36)}_${Math.random().toString(36).slice(2, 8)}`;
  const admin = async (sql: string) => {
    const client = new pg.Client({ connectionString: url });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await admin(`create database ${name}`);
  const u = new URL(url);
  u.pathname = `/${name}`;
  return { url: u.toString(), drop: () => admin(`drop database if exists ${name} with (force)`) };
}

async function openScratchPostgres(url: string): Promise<Db> {
  const scratch = await createScratchDatabase(url);
  const db = await openDatabase({ databaseUrl: scratch.url });
  return {
    ...db,
    async close() {
      await db.close();
      await scratch.drop();
    },
  };
}

export const backends: Backend[] = [
  { name: 'PGlite', open: () => openDatabase({}) },
  ...(PG_URL ? [{ name: 'PostgreSQL', open: () => openScratchPostgres(PG_URL) }] : []),
];

/** A dist/ with the files whose caching rules the server applies. */
export function fakeDist(): string {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-dist-'));
  mkdirSync(path.join(dir, 'assets'));
  writeFileSync(path.join(dir, 'index.html'), '<!doctype html><html lang="ru"><title>Море и Мода</title><div id="root"></div>');
  writeFileSync(path.join(dir, 'sw.js'), 'self.addEventListener("fetch", () => {});');
  writeFileSync(path.join(dir, 'manifest.webmanifest'), '{"name":"Море и Мода"}');
  writeFileSync(path.join(dir, 'assets', 'index-Ab12Cd34.js'), `console.log(${JSON.stringify('x'.repeat(4000))});`);
  return dir;
}

/** The app on a fresh database of the backend; env adds configuration (e.g. the social providers'). */
export async function startApp(backend: Backend, env: NodeJS.ProcessEnv = {}): Promise<FastifyInstance> {
  const db = await backend.open();
  const distDir = fakeDist();
  const app = await buildApp({ config: readConfig({ DIST_DIR: distDir, LOG_LEVEL: 'silent', ...env }), db, logger: false });
  app.addHook('onClose', async () => rmSync(distDir, { recursive: true, force: true }));
  return app;
}

/** GET a JSON answer, asserting nothing: tests assert on status and body. */
export async function getJson<T = unknown>(app: FastifyInstance, url: string): Promise<{ status: number; body: T }> {
  const res = await app.inject({ method: 'GET', url });
  return { status: res.statusCode, body: res.json() as T };
}
