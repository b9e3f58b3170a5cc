// Backups on every backend, as an administrator uses them: a shop with accounts, baskets, orders and the
// accounting system's pictures is written to a backup and restored into an empty database (the same engine,
// and PGlite's into PostgreSQL: the way up), and every table, every sequence and every file comes back the
// same. A database that is not empty, a file that is not a backup and a backup from newer code are refused
// in Russian, changing nothing. And the commands themselves: `npm run backup` takes a running PGlite shop's
// copy through the server that holds its folder, `npm run restore` fills a new DATA_DIR from it.
import { execFile } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { buffer } from 'node:stream/consumers';
import { finished } from 'node:stream/promises';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import yauzl from 'yauzl';
import yazl from 'yazl';
import { pendingMigrations, type Db } from '../../server/db/public.ts';
import { applyMigrations, migrate, shippedMigrations } from '../../server/db/migrate.ts';
import { openPglite } from '../../server/db/pglite.ts';
import { LOCK_MESSAGES } from '../../server/db/pglite-lock.ts';
import { openPostgres } from '../../server/db/postgres.ts';
import { writeBackup } from '../../server/db/backup/write-backup.ts';
import { RESTORE_MESSAGES, restoreBackup } from '../../server/db/backup/restore-backup.ts';
import { tableShapes } from '../../server/db/backup/tables-sql.ts';
import { deliverMail } from '../../server/mail/mail.ts';
import { startShop } from '../../scripts/shop-process.ts';
import { PATIENCE } from '../support/patience.ts';
import { backends, createScratchDatabase, emptyPglite, PG_URL, seededDataDir, startApp } from './harness.ts';
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
  if (engine === 'pglite') return emptyPglite();
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
    // The mail of the order goes out first (a pass the test runs, as the app's loop would: logged and marked
    // sent), so the shop stands still while the copy is compared with it.
    await deliverMail(app.db, { send: async () => {} });
    await vi.waitFor(async () => expect(await app.db.query('select id from mail_outbox where sent_at is null')).toEqual([]), PATIENCE);
    await writeBackup(app.db, path.join(dir, 'source'), createWriteStream(file));
    before = await contents(app.db);
  }, 300_000);
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

/** A backup of `db` in a file under `dir`. */
async function backupOf(db: Db, file: string, dataDir?: string): Promise<string> {
  await writeBackup(db, dataDir, createWriteStream(file));
  return file;
}

const tablesOf = async (db: Db) =>
  (await db.query<{ t: string }>(`select table_name as t from information_schema.tables where table_schema = 'public'`)).map((r) => r.t);

describe('restores that are not simple copies (PGlite)', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-restore-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('brings a backup of older code up to date: its migrations, its rows, then the newer migrations', async () => {
    const shipped = await shippedMigrations();
    const older = await emptyPglite();
    await older.transaction((tx) => applyMigrations(tx, shipped.at(-2)));
    await older.query(`insert into brands (slug, name) values ('staraya-marka', 'Старая марка')`);
    const file = await backupOf(older, path.join(dir, 'older.zip'));
    await older.close();

    const target = await emptyPglite();
    try {
      await restoreBackup(target, file, undefined);
      expect(await pendingMigrations(target)).toEqual([]);
      expect(await target.query(`select name from schema_migrations where name = $1`, [shipped.at(-1)])).toHaveLength(1);
      expect(await target.query(`select name from brands where slug = 'staraya-marka'`)).toEqual([{ name: 'Старая марка' }]);
    } finally {
      await target.close();
    }
  });

  it('names a table made by hand and restores everything else', async () => {
    const source = await emptyPglite();
    await migrate(source);
    await source.exec(`create table hand_made (note text); insert into hand_made values ('от руки')`);
    await source.query(`insert into brands (slug, name) values ('ruchnaya', 'Ручная')`);
    const file = await backupOf(source, path.join(dir, 'hand-made.zip'));
    await source.close();

    const target = await emptyPglite();
    try {
      const { warnings } = await restoreBackup(target, file, undefined);
      expect(warnings).toEqual([RESTORE_MESSAGES.unknownTable('hand_made', 1)]);
      expect(await tablesOf(target)).not.toContain('hand_made');
      expect(await target.query(`select name from brands where slug = 'ruchnaya'`)).toEqual([{ name: 'Ручная' }]);
    } finally {
      await target.close();
    }
  });

  it('leaves the database empty and writes no file when a backup breaks halfway', async () => {
    const source = await emptyPglite();
    await migrate(source);
    await source.query(`insert into brands (slug, name) values ('polomannaya', 'Поломанная')`);
    const media = path.join(dir, 'media-source');
    mkdirSync(path.join(media, 'media', '1c'), { recursive: true });
    writeFileSync(path.join(media, 'media', '1c', 'cd34.jpg'), 'картинка');
    const good = await backupOf(source, path.join(dir, 'good.zip'), media);
    await source.close();
    // The same backup with the brands' rows cut short: the manifest promises one more than the file holds.
    const broken = path.join(dir, 'broken.zip');
    await rezip(good, broken, (name, bytes) => {
      if (name !== 'backup.json') return bytes;
      const manifest = JSON.parse(bytes.toString('utf8')) as { tables: { name: string; rows: number }[] };
      manifest.tables.find((t) => t.name === 'brands')!.rows += 1;
      return Buffer.from(JSON.stringify(manifest));
    });

    const target = await emptyPglite();
    const restoredDir = path.join(dir, 'restored-broken');
    try {
      await expect(restoreBackup(target, broken, restoredDir)).rejects.toThrow(
        /^Таблица brands: в копии \d+ строк, прочитано \d+ — архив повреждён$/,
      );
      expect(await tablesOf(target)).toEqual([]);
      expect(existsSync(path.join(restoredDir, 'media', '1c', 'cd34.jpg'))).toBe(false);
      // And the good one fills the same database afterwards.
      await restoreBackup(target, good, restoredDir);
      expect(readFileSync(path.join(restoredDir, 'media', '1c', 'cd34.jpg'), 'utf8')).toBe('картинка');
    } finally {
      await target.close();
    }
  });
});

/** Copies a zip entry by entry, each through `edit`. */
async function rezip(from: string, to: string, edit: (name: string, bytes: Buffer) => Buffer): Promise<void> {
  const source = await new Promise<yauzl.ZipFile>((resolve, reject) =>
    yauzl.open(from, { lazyEntries: true }, (err, zip) => (err ? reject(err) : resolve(zip))),
  );
  const out = new yazl.ZipFile();
  const written = finished(out.outputStream.pipe(createWriteStream(to)));
  await new Promise<void>((resolve, reject) => {
    source.on('entry', (entry: yauzl.Entry) => {
      source.openReadStream(entry, (err, stream) => {
        if (err) return reject(err);
        void buffer(stream).then((bytes) => {
          out.addBuffer(edit(entry.fileName, bytes), entry.fileName);
          source.readEntry();
        }, reject);
      });
    });
    source.once('end', resolve);
    source.once('error', reject);
    source.readEntry();
  });
  out.end();
  await written;
}

describe('npm run backup and npm run restore on a running PGlite shop', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-backup-cli-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));
  const cli = (name: string, env: Record<string, string>, ...args: string[]) =>
    run(process.execPath, ['--import', 'tsx', `server/db/backup/${name}-cli.ts`, ...args], { env: { ...process.env, ...env } });

  it('copies the shop through the server that holds its folder, and fills a new DATA_DIR from the copy', async () => {
    const source = path.join(dir, 'source');
    mkdirSync(path.join(source, 'media', '1c'), { recursive: true });
    for (let i = 0; i < 50; i++) writeFileSync(path.join(source, 'media', '1c', `${i}.jpg`), Buffer.alloc(200_000, i));
    await seededDataDir(source);
    // A short grace: the test's own kept-alive connections would hold the stop for half of the default 10 s.
    const shop = await startShop({ DATA_DIR: source, DIST_DIR: '/nonexistent', LOG_LEVEL: 'warn', SHUTDOWN_GRACE_S: '2' });
    let backedUp: { stdout: string };
    try {
      // A backup asked for and hung up on at once (Ctrl-C, a cron timeout) leaves the shop running.
      const { token } = JSON.parse(readFileSync(path.join(source, 'server.json'), 'utf8')) as { token: string };
      const abort = new AbortController();
      const res = await fetch(`${shop.url}/internal/backup`, { headers: { authorization: `Bearer ${token}` }, signal: abort.signal });
      expect(res.status).toBe(200);
      abort.abort(); // at the headers: the shop is still reading its tables
      expect((await fetch(`${shop.url}/healthz`)).status).toBe(200);
      // The backup below still goes through this server ('работающий сервер'): it outlived the hang-up.

      backedUp = await cli('backup', { DATA_DIR: source }, path.join(dir, 'copy.zip'));
      // Without the server's token, its backup address is not there.
      expect((await fetch(`${shop.url}/internal/backup`)).status).toBe(404);
    } finally {
      await shop.stop();
    }
    expect(backedUp.stdout).toContain('Копия сохранена');
    expect(backedUp.stdout).toContain('работающий сервер');
    expect(backedUp.stdout).toContain('файлов 50');

    // A folder another process holds (a server starting or closing) is not opened: nothing is kept.
    const held = await openPglite(path.join(source, 'pg'));
    try {
      const refused = await cli('backup', { DATA_DIR: source }, path.join(dir, 'refused.zip')).catch((err: { stderr: string }) => err);
      expect((refused as { stderr: string }).stderr).toContain(LOCK_MESSAGES.held(path.join(source, 'pg'), process.pid));
      expect(existsSync(path.join(dir, 'refused.zip'))).toBe(false);
      expect(existsSync(path.join(dir, 'refused.zip.part'))).toBe(false);
    } finally {
      await held.close();
    }

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
  }, 400_000);
});
