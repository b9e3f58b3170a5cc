// `npm run backup -- FILE`: a consistent copy of the shop named by the same settings as the server
// (DATABASE_URL, else the PGlite folder under DATA_DIR, default ./data), with DATA_DIR's media files. On
// PostgreSQL it reads the database directly; on PGlite it asks the running server (running-server.ts) and
// opens the folder itself only when no server holds it. The copy is written beside FILE and renamed to it
// once complete and readable, so FILE is never half a backup.
import { createWriteStream, existsSync } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { pipeline } from 'node:stream/promises';
import { openPglite } from '../pglite.ts';
import { readCommandLine } from './command-line.ts';
import { openPostgres } from '../postgres.ts';
import { readManifest } from './restore-backup.ts';
import { BACKUP_PATH, runningServer } from './running-server.ts';
import { writeBackup } from './write-backup.ts';

const USAGE =
  'Использование: npm run backup -- ФАЙЛ\n' +
  'Сохраняет копию магазина (базу данных и файлы DATA_DIR/media) в ФАЙЛ (zip).\n' +
  'Магазин берётся из тех же настроек, что и у сервера: DATABASE_URL или DATA_DIR (по умолчанию ./data).';

const { file, databaseUrl, dataDir } = readCommandLine(USAGE);
const part = `${file}.part`;

async function fromRunningServer(port: number, token: string): Promise<void> {
  const res = await fetch(`http://127.0.0.1:${port}${BACKUP_PATH}`, { headers: { authorization: `Bearer ${token}` } });
  if (!res.ok || !res.body) throw new Error(`Сервер магазина на порту ${port} не отдал копию (HTTP ${res.status})`);
  await pipeline(Readable.fromWeb(res.body as WebReadableStream), createWriteStream(part));
}

async function fromDatabase(): Promise<void> {
  if (!databaseUrl && !existsSync(path.join(dataDir, 'pg')))
    throw new Error(`В ${dataDir} нет базы магазина (папки pg): проверьте DATA_DIR`);
  const db = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(path.join(dataDir, 'pg'));
  try {
    await writeBackup(db, dataDir, createWriteStream(part));
  } finally {
    await db.close();
  }
}

const started = performance.now();
try {
  const server = databaseUrl ? null : runningServer(dataDir);
  if (server) await fromRunningServer(server.port, server.token);
  else await fromDatabase();
  const manifest = await readManifest(part); // a copy that cannot be read back is not kept
  await rename(part, file);
  const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
  const source = databaseUrl ? 'PostgreSQL' : server ? `работающий сервер (pid ${server.pid})` : `PGlite в ${dataDir}/pg`;
  console.log(
    `Копия сохранена: ${file}\n  источник: ${source}\n  таблиц ${manifest.tables.length}, строк ${rows}, файлов ${manifest.files.length}` +
      `\n  за ${((performance.now() - started) / 1000).toFixed(1)} с`,
  );
} catch (err) {
  await rm(part, { force: true });
  console.error(`Копия не сохранена: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
