// What the other areas of the server may use of db/: the database: its driver, opening it, migrations, the seed
// and the shop's secrets. Everything else in the folder is its own (eslint.config.js refuses an import from
// another area past this file).
export { type Db, type Queryable } from './driver.ts';
export { lockName } from './locks-sql.ts';
export { pendingMigrations } from './migrate.ts';
export { openDatabase } from './open.ts';
export { shopSecret } from './shop-secrets-sql.ts';
