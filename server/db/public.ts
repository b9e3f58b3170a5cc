// What the other areas of the server may use of db/: the database: its driver, opening it, migrations, the
// demo's seed, the shop's secrets and its backups. Everything else in the folder is its own (eslint.config.js refuses an import
// from another area past this file).
export { type Db, type Queryable } from './driver.ts';
export { lockName } from './locks-sql.ts';
export { pendingMigrations } from './migrate.ts';
export { openDatabase, settleFreshData } from './open.ts';
export { DEFAULT_OFFERS, resetAndSeed, type SeedPhotos } from './seed/index.ts';
export { Rng } from './seed/random.ts';
export { shopSecret } from './shop-secrets-sql.ts';
export { announceServer, BACKUP_PATH, tokenMatches, withdrawServer } from './backup/running-server.ts';
export { writeBackup } from './backup/write-backup.ts';
