// Fills an empty database (and DATA_DIR's files) from a backup (write-backup.ts), in one transaction: the
// migrations the backup was written at, then its rows with triggers and foreign keys quiet (session_replication_role
// = replica: the rows are already what the triggers made, and tables refer to each other both ways), the
// sequences where they were, then the code's newer migrations, which bring the data up to date as they would
// have on the shop. Anything wrong and nothing is kept: the database stays empty.
import { createInterface } from 'node:readline';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import yauzl from 'yauzl';
import type { Db } from '../driver.ts';
import { applyMigrations, shippedMigrations } from '../migrate.ts';
import { emptyTables, insertJsonRows, setSequence, tableCount, tableShapes } from './tables-sql.ts';
import { BACKUP_FORMAT, ROWS_PER_PAGE, type BackupManifest } from './write-backup.ts';

export const RESTORE_MESSAGES = {
  notZip: (file: string) => `${file}: это не резервная копия магазина (не zip-архив)`,
  noManifest: (file: string) => `${file}: в архиве нет backup.json — это не резервная копия магазина`,
  format: (file: string, format: unknown) => `${file}: формат копии ${String(format)} не поддерживается (ожидается ${BACKUP_FORMAT})`,
  newer: (file: string, names: string[]) =>
    `${file}: копия сделана более новой версией магазина (миграции ${names.join(', ')} этому коду неизвестны); обновите магазин`,
  notEmpty: 'База данных не пуста: восстановление заполняет только новую, пустую базу (или пустой DATA_DIR)',
  rowCount: (table: string, expected: number, got: number) =>
    `Таблица ${table}: в копии ${expected} строк, прочитано ${got} — архив повреждён`,
  missing: (name: string) => `В копии нет файла ${name} — архив повреждён`,
  noReplica:
    'Восстановлению нужно право менять session_replication_role: суперпользователь PostgreSQL или GRANT SET ON PARAMETER session_replication_role (PostgreSQL 15+)',
} as const;

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: false, autoClose: false, decodeStrings: true, validateEntrySizes: true }, (err, zip) =>
      err ? reject(new Error(RESTORE_MESSAGES.notZip(file), { cause: err })) : resolve(zip),
    ),
  );
}

async function entriesOf(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  const entries = new Map<string, yauzl.Entry>();
  await new Promise<void>((resolve, reject) => {
    zip.on('entry', (e: yauzl.Entry) => entries.set(e.fileName, e));
    zip.once('end', resolve);
    zip.once('error', reject);
  });
  return entries;
}

function read(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => zip.openReadStream(entry, (err, stream) => (err ? reject(err) : resolve(stream))));
}

interface OpenBackup {
  zip: yauzl.ZipFile;
  manifest: BackupManifest;
  read(name: string): Promise<Readable>;
}

/** Opens a backup and checks it whole: a zip, its manifest of a known format, every file it lists present. */
async function openBackup(file: string): Promise<OpenBackup> {
  const zip = await openZip(file);
  try {
    const entries = await entriesOf(zip);
    const entry = (name: string) => {
      const e = entries.get(name);
      if (!e) throw new Error(RESTORE_MESSAGES.missing(name));
      return e;
    };
    if (!entries.has('backup.json')) throw new Error(RESTORE_MESSAGES.noManifest(file));
    const manifest = JSON.parse((await buffer(await read(zip, entry('backup.json')))).toString('utf8')) as BackupManifest;
    if (manifest.format !== BACKUP_FORMAT) throw new Error(RESTORE_MESSAGES.format(file, manifest.format));
    for (const name of [...manifest.tables.map((t) => `tables/${t.name}.jsonl`), ...manifest.files]) entry(name);
    return { zip, manifest, read: (name) => read(zip, entry(name)) };
  } catch (err) {
    zip.close();
    throw err;
  }
}

/** The manifest of a backup that opens whole (npm run backup checks its copy with it before keeping it). */
export async function readManifest(file: string): Promise<BackupManifest> {
  const { zip, manifest } = await openBackup(file);
  zip.close();
  return manifest;
}

/** Restores `file` into `db`, which must hold no table, and its files under `dataDir`. Resolves to the manifest. */
export async function restoreBackup(db: Db, file: string, dataDir: string | undefined): Promise<BackupManifest> {
  const { zip, manifest, read: readEntry } = await openBackup(file);
  try {
    const known = new Set(await shippedMigrations());
    const unknown = manifest.migrations.filter((m) => !known.has(m));
    if (unknown.length) throw new Error(RESTORE_MESSAGES.newer(file, unknown));

    await db.transaction(async (tx) => {
      if ((await tableCount(tx)) > 0) throw new Error(RESTORE_MESSAGES.notEmpty);
      await applyMigrations(tx, manifest.migrations.at(-1) ?? '');
      const shapes = new Map((await tableShapes(tx)).map((t) => [t.name, t]));
      try {
        await tx.exec('set local session_replication_role = replica');
      } catch (err) {
        throw new Error(RESTORE_MESSAGES.noReplica, { cause: err });
      }
      await emptyTables(tx, [...shapes.values()]); // what the migrations wrote (reference data), with its triggers quiet
      for (const table of manifest.tables) {
        // The backup's own column list: the schema here is the one it was written at.
        const shape = { ...(shapes.get(table.name) ?? table), columns: table.columns, alwaysIdentity: table.alwaysIdentity };
        let batch: string[] = [];
        let count = 0;
        const lines = createInterface({ input: await readEntry(`tables/${table.name}.jsonl`), crlfDelay: Infinity });
        for await (const line of lines) {
          if (!line) continue;
          batch.push(line);
          count++;
          if (batch.length === ROWS_PER_PAGE) {
            await insertJsonRows(tx, shape, batch);
            batch = [];
          }
        }
        if (batch.length) await insertJsonRows(tx, shape, batch);
        if (count !== table.rows) throw new Error(RESTORE_MESSAGES.rowCount(table.name, table.rows, count));
      }
      for (const s of manifest.sequences) await setSequence(tx, s);
      await tx.exec('set local session_replication_role = origin');
      await applyMigrations(tx);
    });

    if (dataDir)
      for (const name of manifest.files) {
        const target = path.resolve(dataDir, name);
        if (!target.startsWith(path.resolve(dataDir) + path.sep)) continue; // a name reaching out of DATA_DIR is not ours
        await mkdir(path.dirname(target), { recursive: true });
        await writeFile(target, await buffer(await readEntry(name)));
      }
    return manifest;
  } finally {
    zip.close();
  }
}
