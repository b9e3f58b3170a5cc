// `npm run restore -- FILE`: fills an empty shop from a backup (npm run backup): the database named by
// DATABASE_URL, which must hold no table, or a new PGlite folder under DATA_DIR (default ./data), which must
// not hold one yet; the media files go back under DATA_DIR. Either engine's backup fills either engine, so
// this is also the way from PGlite to PostgreSQL (docs/deploy.md).
import { existsSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import path from 'node:path';
import { openPglite } from '../pglite.ts';
import { readCommandLine } from './command-line.ts';
import { openPostgres } from '../postgres.ts';
import { restoreBackup } from './restore-backup.ts';

const USAGE =
  'Использование: npm run restore -- ФАЙЛ\n' +
  'Восстанавливает магазин из копии (npm run backup) в пустую базу: DATABASE_URL или новый DATA_DIR (по умолчанию ./data).';

const { file, databaseUrl, dataDir } = readCommandLine(USAGE);
const pgliteDir = path.join(dataDir, 'pg');

const started = performance.now();
let madeFolder = false;
try {
  if (!existsSync(file)) throw new Error(`Нет файла ${file}`);
  if (!databaseUrl && existsSync(pgliteDir) && readdirSync(pgliteDir).length > 0)
    throw new Error(`В ${pgliteDir} уже есть база: восстановление заполняет только пустой DATA_DIR`);
  madeFolder = !databaseUrl;
  if (!databaseUrl) mkdirSync(dataDir, { recursive: true });
  const db = databaseUrl ? await openPostgres(databaseUrl) : await openPglite(pgliteDir);
  try {
    const { manifest, warnings } = await restoreBackup(db, file, dataDir);
    for (const warning of warnings) console.warn(`Внимание: ${warning}`);
    const rows = manifest.tables.reduce((n, t) => n + t.rows, 0);
    console.log(
      `Магазин восстановлен из ${file} (копия от ${manifest.takenAt}, ${manifest.engine})\n` +
        `  в ${databaseUrl ? 'PostgreSQL' : `PGlite в ${pgliteDir}`}: таблиц ${manifest.tables.length}, строк ${rows}, файлов ${manifest.files.length}` +
        `\n  за ${((performance.now() - started) / 1000).toFixed(1)} с`,
    );
  } finally {
    await db.close();
  }
} catch (err) {
  if (madeFolder) rmSync(pgliteDir, { recursive: true, force: true }); // nothing half-made is left to block the next try
  console.error(`Магазин не восстановлен: ${err instanceof Error ? err.message : String(err)}`);
  process.exit(1);
}
