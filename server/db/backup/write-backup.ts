// Writes a backup of a running shop: one zip holding `backup.json` (what it is: format, time, engine, the
// migrations applied, each table's columns and row count, the sequences' positions), each table's rows as
// JSON lines (`tables/<name>.jsonl`), and the files the shop keeps beside its database (`media/`, the
// accounting system's pictures). The rows are read in one read-only REPEATABLE READ transaction: one moment
// of the shop, whatever is written meanwhile. Engine-neutral, so a PGlite shop's backup fills a PostgreSQL.
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { Readable, Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yazl from 'yazl';
import type { Db } from '../driver.ts';
import { appliedMigrations, readRowsAsJson, sequencePositions, tableShapes, type SequencePosition, type TableShape } from './tables-sql.ts';

export const BACKUP_FORMAT = 1;
/** Rows read (and later written) per statement. */
export const ROWS_PER_PAGE = 2_000;
/** The folders under DATA_DIR that belong to the shop's data (the database's own folder, pg/, does not). */
export const FILE_FOLDERS = ['media'];

export interface BackupManifest {
  format: number;
  takenAt: string;
  engine: Db['engine'];
  migrations: string[];
  tables: (TableShape & { rows: number })[];
  sequences: SequencePosition[];
  files: string[];
}

async function filesUnder(root: string, folder: string): Promise<string[]> {
  const dir = path.join(root, folder);
  if (!existsSync(dir)) return [];
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries.filter((e) => e.isFile()).map((e) => path.relative(root, path.join(e.parentPath, e.name)).split(path.sep).join('/'));
}

/** The reader has gone (a caller that hung up, a disk that filled): reading the database for it stops. */
const STOPPED = "the backup's output closed before the backup was written";

/**
 * Streams the backup into `out`; resolves to its manifest once every byte is written, rejects (never throws
 * past the caller) when `out` fails or closes early, and stops reading the database then.
 */
export async function writeBackup(db: Db, dataDir: string | undefined, out: Writable): Promise<BackupManifest> {
  const zip = new yazl.ZipFile();
  let failure: unknown;
  const written = pipeline(zip.outputStream, out).catch((err: unknown) => {
    failure ??= err;
  });
  const stillWanted = () => {
    if (failure !== undefined || out.destroyed) throw failure instanceof Error ? failure : new Error(STOPPED);
  };
  let manifest: BackupManifest;
  try {
    manifest = await writeInto(zip, db, dataDir, stillWanted);
  } catch (err) {
    (zip.outputStream as Readable).destroy();
    await written;
    throw err;
  }
  await written;
  if (failure !== undefined) throw failure instanceof Error ? failure : new Error(STOPPED);
  return manifest;
}

async function writeInto(zip: yazl.ZipFile, db: Db, dataDir: string | undefined, stillWanted: () => void): Promise<BackupManifest> {
  const manifest = await db.transaction(async (tx) => {
    await tx.query('set transaction isolation level repeatable read, read only');
    const shapes = await tableShapes(tx);
    const tables: BackupManifest['tables'] = [];
    for (const table of shapes) {
      stillWanted();
      const lines: string[] = [];
      await readRowsAsJson(tx, table, ROWS_PER_PAGE, (page) => lines.push(...page));
      zip.addBuffer(Buffer.from(lines.map((l) => l + '\n').join('')), `tables/${table.name}.jsonl`);
      tables.push({ ...table, rows: lines.length });
    }
    return {
      format: BACKUP_FORMAT,
      takenAt: new Date().toISOString(),
      engine: db.engine,
      migrations: await appliedMigrations(tx),
      tables,
      sequences: await sequencePositions(tx),
      files: [] as string[],
    };
  });
  if (dataDir) {
    for (const folder of FILE_FOLDERS) manifest.files.push(...(await filesUnder(dataDir, folder)));
    for (const file of manifest.files) zip.addFile(path.join(dataDir, file), file);
  }
  zip.addBuffer(Buffer.from(JSON.stringify(manifest, null, 2)), 'backup.json');
  zip.end();
  return manifest;
}
