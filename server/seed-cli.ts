// `npm run seed -- --offers 20000`: replaces ALL data of the configured database with the demo seed.
// Reads DATABASE_URL (PostgreSQL) or DATA_DIR (PGlite folder, default ./data) like the server does.
import { parseArgs } from 'node:util';
import path from 'node:path';
import { DEFAULT_OFFERS, openDatabase, resetAndSeed, settleFreshData } from './db/public.ts';
import { seedPhotographs } from './media/public.ts';

const { values } = parseArgs({
  options: {
    offers: { type: 'string', default: String(DEFAULT_OFFERS) },
    help: { type: 'boolean', short: 'h', default: false },
  },
});

if (values.help) {
  console.log(
    'Usage: npm run seed -- [--offers N]\n' +
      'Deletes all data (catalogue, accounts, orders, carts, content) and writes the demo data again.\n' +
      'Target: DATABASE_URL if set, else the PGlite database in $DATA_DIR/pg (default ./data/pg).',
  );
  process.exit(0);
}

const offers = Number(values.offers);
if (!Number.isInteger(offers) || offers < 0) {
  console.error(`--offers must be a whole number >= 0, got "${values.offers}"`);
  process.exit(2);
}

const databaseUrl = process.env.DATABASE_URL || undefined;
const dataDir = process.env.DATA_DIR || './data';
const target = databaseUrl ? `PostgreSQL (${databaseUrl.replace(/\/\/[^@/]*@/, '//***@')})` : `PGlite in ${dataDir}/pg`;

console.log(`WARNING: this replaces ALL data in ${target} (accounts, orders and carts included).`);
console.log(`Seeding ${offers} offers...`);
const started = performance.now();
const db = await openDatabase(databaseUrl ? { databaseUrl } : { dataDir }, false);
try {
  const counts = await resetAndSeed(db, { offers, photos: () => seedPhotographs(path.join(dataDir, 'media')) });
  await settleFreshData(db);
  const seconds = (performance.now() - started) / 1000;
  const width = Math.max(...Object.keys(counts).map((k) => k.length));
  for (const [table, n] of Object.entries(counts)) console.log(`  ${table.padEnd(width)}  ${n}`);
  console.log(`Done in ${seconds.toFixed(1)} s.`);
} finally {
  await db.close();
}
