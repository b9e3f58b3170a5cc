// The demo seed's entry points: seed an empty database once (on first start), or wipe every data table and
// seed again (npm run seed). Everything runs in one transaction, so a failure leaves nothing half-seeded.
import type { Db, Queryable } from '../driver.ts';
import { seedCatalog } from './catalog.ts';
import { seedCommerce } from './commerce.ts';
import { seedContent } from './content.ts';
import { Rng } from './random.ts';

export interface SeedOptions {
  /** How many products (offers) to generate; default 420. */
  offers?: number;
  /**
   * The demo's photographs (server/media/seed-photographs.ts), asked only when the database is to be seeded:
   * their addresses, shared by the goods, the banners and the posts. Without it they show drawings
   * (/media/offer/…svg, /media/banner/…svg).
   */
  photos?: () => Promise<SeedPhotos>;
}

/** The demo's photographs' addresses, by their shape: each list is shared by the rows of its kind. */
export interface SeedPhotos {
  /** 3 : 4, the goods. */
  products: string[];
  /** 3 : 1, the home page's banners. */
  banners: string[];
  /** 3 : 2, the home page's tiles and the posts. */
  tiles: string[];
  /** 1 : 1, the photo feed. */
  squares: string[];
}

const NO_PHOTOS: SeedPhotos = { products: [], banners: [], tiles: [], squares: [] };

/** Rows inserted per table. */
export type SeedCounts = Record<string, number>;

export const DEFAULT_OFFERS = 420;
const SEED = 20261101;

function offersOf(opts: SeedOptions): number {
  const n = opts.offers ?? DEFAULT_OFFERS;
  if (!Number.isInteger(n) || n < 0) throw new Error(`seed: offers must be a whole number >= 0, got ${n}`);
  return n;
}

async function seedAll(q: Queryable, offers: number, photos: SeedPhotos): Promise<SeedCounts> {
  const rng = new Rng(SEED);
  return {
    ...(await seedContent(q, photos)),
    ...(await seedCommerce(q)),
    ...(await seedCatalog(q, rng.fork('catalog'), offers, photos.products)),
  };
}

/** Seeds when the organization table is empty; returns whether it did. Safe when several processes start at once. */
export async function seedIfEmpty(db: Db, opts: SeedOptions = {}): Promise<boolean> {
  const offers = offersOf(opts);
  // The photographs are made (or copied) before the lock, and only for a database that is to be seeded.
  if ((await db.query('select 1 from organization limit 1')).length) return false;
  const photos = (await opts.photos?.()) ?? NO_PHOTOS;
  return db.transaction(async (tx) => {
    // A second process waits here, then finds the organization row and leaves the data alone.
    await tx.query('lock table organization in exclusive mode');
    if ((await tx.query('select 1 from organization limit 1')).length) return false;
    await seedAll(tx, offers, photos);
    return true;
  });
}

/** Empties every table except schema_migrations (ids restart from 1) and seeds again. */
export async function resetAndSeed(db: Db, opts: SeedOptions = {}): Promise<SeedCounts> {
  const offers = offersOf(opts);
  const photos = (await opts.photos?.()) ?? NO_PHOTOS;
  return db.transaction(async (tx) => {
    const tables = await tx.query<{ name: string }>(
      `select tablename as name from pg_tables
        where schemaname = current_schema() and tablename <> 'schema_migrations' order by tablename`,
    );
    if (tables.length) {
      const list = tables.map((t) => `"${t.name.replace(/"/g, '""')}"`).join(', ');
      await tx.exec(`truncate table ${list} restart identity cascade`);
    }
    return seedAll(tx, offers, photos);
  });
}
