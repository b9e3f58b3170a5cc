// Backups on every backend, as an administrator uses them: a shop with accounts, baskets, orders and the
// accounting system's pictures is written to a backup and restored into an empty database (the same engine,
// and PGlite's into PostgreSQL: the way up), and every table, every sequence and every file comes back the
// same. A database that is not empty, a file that is not a backup and a backup from newer code are refused
// in Russian, changing nothing. And the commands themselves: `npm run backup` takes a running PGlite shop's
// copy through the server that holds its folder, `npm run restore` fills a new DATA_DIR from it.
import { execFile } from 'node:child_process';
import { createWriteStream, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import yazl from 'yazl';
import type { Db } from '../../server/db/public.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { writeBackup } from '../../server/db/backup/write-backup.ts';
import { RESTORE_MESSAGES, restoreBackup } from '../../server/db/backup/restore-backup.ts';
import { tableShapes } from '../../server/db/backup/tables-sql.ts';
import { startShop } from '../../scripts/shop-process.ts';
import { backends, createScratchDatabase, PG_URL, startApp } from './harness.ts';
import { registerUser, withToken } from './account-helpers.ts';
import { freshVariant, placePickupOrder, shopper } from './shop-helpers.ts';

const run = promisify(execFile);

/** Every table's rows as sorted JSON texts, and every sequence's position: what must come back the same. */
async function contents(db: Db): Promise<Record<string, string[]>> {
  const all: Record<string, string[]> = {};
  for (const t of await tableShapes(db)) {
    const rows = await db.query<{ row: string }>(`select row_to_json(t)::text as row from "${t.name}" t`);
    all[t.name] = rows.map((r) => r.row).sort();
  }
  const seqs = await db.query<{ name: string; v: string | null }>(
    `select sequencename as name, last_value::text as v from pg_sequences where schemaname = 'public' order by 1`,
  );
  all['(sequences)'] = seqs.map((s) => `${s.name}=${s.v}`);
  return all;
}

/** An empty database of an engine, and how to be rid of it. */
async function emptyDatabase(engine: Db['engine']): Promise<Db> {
  if (engine === 'pglite') return openPglite();
  const scratch = await createScratchDatabase(PG_URL!);
  const db = await openPostgres(scratch.url);
  return { ...db, close: async () => (await db.close(), await scratch.drop()) };
}

describe.each(backends)('backups on $name', (backend) => {
  let app: FastifyInstance;
  let dir: string;
  let file: string;
  let before: Record<string, string[]>;
  beforeAll(async () => {
    app = await startApp(backend);
    dir = mkdtempSync(path.join(tmpdir(), 'shop-backup-'));
    file = path.join(dir, 'shop.zip');
    // A shop in use: an account with a basket, an order placed, a visitor's basket, a picture from 1C.
    const buyer = await registerUser(app);
    const signedIn = withToken(app, shopper(app), buyer.token);
    await placePickupOrder(app, signedIn, 3_900);
    await signedIn.call('POST', '/api/v2/cart/', { ext_id: (await freshVariant(app, 5)).ext_id, quantity: 2 });
    await shopper(app).call('POST', '/api/v2/cart/', { ext_id: (await freshVariant(app, 5)).ext_id, quantity: 1 });
    mkdirSync(path.join(dir, 'source', 'media', '1c'), { recursive: true });
    writeFileSync(path.join(dir, 'source', 'media', '1c', 'ab12.jpg'), Buffer.from([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3]));
    // The mail of the order goes out first: the shop stands still while the copy is compared with it.
    await vi.waitFor(async () => expect(await app.db.query('select id from mail_outbox where sent_at is null')).toEqual([]), {
      timeout: 30_000,
    });
    await writeBackup(app.db, path.join(dir, 'source'), createWriteStream(file));
    before = await contents(app.db);
  }, 120_000);
  afterAll(async () => {
    await app?.close();
    rmSync(dir, { recursive: true, force: true });
  });

  type Engine = Db['engine'];
  const targets: Engine[] = backend.name === 'PGlite' ? ['pglite', ...(PG_URL ? (['postgres'] as const) : [])] : ['postgres'];
  it.each(targets)('comes back whole into an empty %s: every table, sequence and file', async (engine) => {
    const target = await emptyDatabase(engine);
    const restoredDir = path.join(dir, `restored-${engine}`);
    try {
      await restoreBackup(target, file, restoredDir);
      expect(before.orders.length).toBeGreaterThan(0);
      expect(before.cart_items.length).toBeGreaterThanOrEqual(2);
      expect(await contents(target)).toEqual(before);
      expect(readFileSync(path.join(restoredDir, 'media', '1c', 'ab12.jpg'))).toEqual(
        readFileSync(path.join(dir, 'source', 'media', '1c', 'ab12.jpg')),
      );
      // The restored shop goes on numbering where the old one stopped.
      const [next] = await target.query<{ id: number }>(`select nextval(pg_get_serial_sequence('orders', 'id'))::int as id`);
      const [last] = await app.db.query<{ id: number }>('select max(id)::int as id from orders');
      expect(next.id).toBeGreaterThan(last.id);
    } finally {
      await target.close();
    }
  });

  it('refuses a database that is not empty, changing nothing', async () => {
    const target = await emptyDatabase(backend.name === 'PGlite' ? 'pglite' : 'postgres');
    try {
      await target.exec('create table keep_me (x int); insert into keep_me values (1)');
      await expect(restoreBackup(target, file, undefined)).rejects.toThrow(RESTORE_MESSAGES.notEmpty);
      expect(await target.query('select x from keep_me')).toEqual([{ x: 1 }]);
      expect(await target.query(`select 1 from information_schema.tables where table_name = 'orders'`)).toEqual([]);
    } finally {
      await target.close();
    }
  });

  it('refuses a file that is not a backup, and one from newer code, naming the file', async () => {
    const target = await emptyDatabase(backend.name === 'PGlite' ? 'pglite' : 'postgres');
    try {
      const cut = path.join(dir, 'cut.zip');
      writeFileSync(cut, readFileSync(file).subarray(0, 1000));
      await expect(restoreBackup(target, cut, undefined)).rejects.toThrow(RESTORE_MESSAGES.notZip(cut));

      const newer = path.join(dir, 'newer.zip');
      const zip = new yazl.ZipFile();
      const manifest = {
        format: 1,
        takenAt: '',
        engine: 'pglite',
        migrations: ['001_init.sql', '999_future.sql'],
        tables: [],
        sequences: [],
        files: [],
      };
      zip.addBuffer(Buffer.from(JSON.stringify(manifest)), 'backup.json');
      zip.end();
      await finished(zip.outputStream.pipe(createWriteStream(newer)));
      await expect(restoreBackup(target, newer, undefined)).rejects.toThrow(RESTORE_MESSAGES.newer(newer, ['999_future.sql']));
      expect(await target.query(`select 1 from information_schema.tables where table_schema = 'public'`)).toEqual([]);
    } finally {
      await target.close();
    }
  });
});

describe('npm run backup and npm run restore on a running PGlite shop', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-backup-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const cli = (name: string, env: Record<string, string>, ...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', `server/db/backup/${name}-cli.ts`, ...args], { env: { ...process.env, ...env } });

  it('copies the shop through the server that holds its folder, and fills a new DATA_DIR from the copy', async () => {
    const source = path.join(dir, 'source');
    const shop = await startShop({ DATA_DIR: source, DIST_DIR: '/nonexistent', LOG_LEVEL: 'warn' });
    let backedUp: { stdout: string };
    try {
      backedUp = await cli('backup', { DATA_DIR: source }, path.join(dir, 'copy.zip'));
      // Without the server's token, its backup address is not there.
      expect((await fetch(`${shop.url}/internal/backup`)).status).toBe(404);
    } finally {
      await shop.stop();
    }
    expect(backedUp.stdout).toContain('Копия сохранена');
    expect(backedUp.stdout).toContain('работающий сервер');

    const restored = path.join(dir, 'restored');
    const done = await cli('restore', { DATA_DIR: restored }, path.join(dir, 'copy.zip'));
    expect(done.stdout).toContain('Магазин восстановлен');
    const again = await cli('restore', { DATA_DIR: restored }, path.join(dir, 'copy.zip')).catch((err: { stderr: string }) => err);
    expect((again as { stderr: string }).stderr).toContain('уже есть база');

    const [a, b] = [await openPglite(path.join(source, 'pg')), await openPglite(path.join(restored, 'pg'))];
    try {
      expect(await contents(b)).toEqual(await contents(a));
    } finally {
      await a.close();
      await b.close();
    }
  }, 180_000);
});
