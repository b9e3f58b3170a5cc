// Fills an empty database (and DATA_DIR's files) from a backup (write-backup.ts), in one transaction: the
// migrations the backup was written at, then its rows with triggers and foreign keys quiet (session_replication_role
// = replica: the rows are already what the triggers made, and tables refer to each other both ways), the
// sequences where they were, then the code's newer migrations, which bring the data up to date as they would
// have on the shop. Anything wrong and nothing is kept: the database stays empty.
import { createInterface } from 'node:readline';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { buffer } from 'node:stream/consumers';
import yauzl from 'yauzl';
import type { Db, Queryable } from '../driver.ts';
import { applyMigrations, shippedMigrations } from '../migrate.ts';
import { emptyTables, insertJsonRows, sequencePositions, setSequence, tableCount, tableShapes, type TableShape } from './tables-sql.ts';
import { BACKUP_FORMAT, FILE_FOLDERS, ROWS_PER_PAGE, type BackupManifest } from './write-backup.ts';

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
  unknownTable: (table: string, rows: number) =>
    `Таблица ${table} (${rows} строк) есть в копии, но её не создаёт ни одна миграция (сделана вручную?): её строки не восстановлены`,
  unknownColumns: (table: string, columns: string[]) =>
    `Таблица ${table}: столбцов ${columns.join(', ')} нет в схеме магазина (добавлены вручную?): их значения не восстановлены`,
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

/** Rows of one table, from its JSON lines, ROWS_PER_PAGE a statement; the count must be the manifest's. */
async function loadRows(tx: Queryable, table: TableShape, expected: number, input: Readable): Promise<void> {
  let batch: string[] = [];
  let count = 0;
  for await (const line of createInterface({ input, crlfDelay: Infinity })) {
    if (!line) continue;
    batch.push(line);
    count++;
    if (batch.length === ROWS_PER_PAGE) {
      await insertJsonRows(tx, table, batch);
      batch = [];
    }
  }
  if (batch.length) await insertJsonRows(tx, table, batch);
  if (count !== expected) throw new Error(RESTORE_MESSAGES.rowCount(table.name, expected, count));
}

/** One of the backup's files into DATA_DIR: only what a backup writes (media/), never out of the folder. */
async function restoreFile(dataDir: string, name: string, readEntry: (name: string) => Promise<Readable>): Promise<boolean> {
  const root = path.resolve(dataDir);
  const target = path.resolve(root, name);
  if (!FILE_FOLDERS.some((folder) => target.startsWith(path.join(root, folder) + path.sep))) return false;
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, await buffer(await readEntry(name)));
  return true;
}

export interface Restored {
  manifest: BackupManifest;
  /** What the backup held that this shop's schema has no place for (tables or columns made by hand). */
  warnings: string[];
}

/** Restores `file` into `db`, which must hold no table, and its files under `dataDir`. */
export async function restoreBackup(db: Db, file: string, dataDir: string | undefined): Promise<Restored> {
  const { zip, manifest, read: readEntry } = await openBackup(file);
  try {
    const known = new Set(await shippedMigrations());
    const unknown = manifest.migrations.filter((m) => !known.has(m));
    if (unknown.length) throw new Error(RESTORE_MESSAGES.newer(file, unknown));

    const warnings: string[] = [];
    const written: string[] = [];
    try {
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
          const here = shapes.get(table.name);
          // A table or column the migrations do not make was made by hand on the old shop: its data is named, not lost silently.
          if (!here) {
            warnings.push(RESTORE_MESSAGES.unknownTable(table.name, table.rows));
            continue;
          }
          const columns = table.columns.filter((c) => here.columns.includes(c));
          const dropped = table.columns.filter((c) => !here.columns.includes(c));
          if (dropped.length) warnings.push(RESTORE_MESSAGES.unknownColumns(table.name, dropped));
          await loadRows(
            tx,
            { ...here, columns, alwaysIdentity: table.alwaysIdentity },
            table.rows,
            await readEntry(`tables/${table.name}.jsonl`),
          );
        }
        const sequences = new Set((await sequencePositions(tx)).map((s) => s.name));
        for (const s of manifest.sequences) if (sequences.has(s.name)) await setSequence(tx, s);
        await tx.exec('set local session_replication_role = origin');
        await applyMigrations(tx);
        // The files go in before the commit: a failure writing them leaves the database empty too.
        if (dataDir) for (const name of manifest.files) if (await restoreFile(dataDir, name, readEntry)) written.push(name);
      });
    } catch (err) {
      for (const name of written) await rm(path.resolve(dataDir!, name), { force: true });
      throw err;
    }
    return { manifest, warnings };
  } finally {
    zip.close();
  }
}
