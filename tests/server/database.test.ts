// The database layer on every backend: migrations are recorded and applied once, the first start seeds
// once, and the seed is the same every time.
import { readdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Db } from '../../server/db/driver.ts';
import { migrate } from '../../server/db/migrate.ts';
import { seedIfEmpty } from '../../server/db/seed/index.ts';
import { openDatabase } from '../../server/db/open.ts';
import { backends, createScratchDatabase, PG_URL } from './harness.ts';

const MIGRATION_FILES = readdirSync(new URL('../../server/db/migrations/', import.meta.url)).filter((f) => f.endsWith('.sql'));

describe.each(backends)('database on $name', (backend) => {
  let db: Db;
  beforeAll(async () => {
    db = await backend.open();
  });
  afterAll(() => db?.close());

  it('records each migration and applies none twice', async () => {
    const rows = await db.query<{ name: string }>('select name from schema_migrations order by name');
    expect(rows.map((r) => r.name)).toEqual(MIGRATION_FILES.sort());
    expect(await migrate(db)).toEqual([]);
  });

  it('seeds an empty database once and leaves a seeded one alone', async () => {
    const before = await db.query<{ n: number }>('select count(*)::int as n from products');
    expect(before[0].n).toBeGreaterThanOrEqual(400);
    expect(await seedIfEmpty(db)).toBe(false);
    const after = await db.query<{ n: number }>('select count(*)::int as n from products');
    expect(after[0].n).toBe(before[0].n);
  });

  it('seeds what every rule of the spec needs', async () => {
    const [row] = await db.query<Record<string, number>>(`select
      (select count(*)::int from products where active) as active_products,
      (select count(*)::int from products p where not exists (select 1 from product_images i where i.product_id = p.id and i.is_main)) as without_main_image,
      (select count(*)::int from products p where not exists (select 1 from product_variants v where v.product_id = p.id)) as without_variants,
      (select count(*)::int from products where is_new) as new_count,
      (select count(*)::int from products where is_sale and old_price > price) as sale_count,
      (select count(distinct size)::int from product_variants) as sizes,
      (select count(*)::int from gift_certificates) as certificates,
      (select count(*)::int from posts where kind = 'blog') as blog,
      (select count(*)::int from posts where kind = 'news') as news,
      (select count(*)::int from info_pages) as info_pages,
      (select count(*)::int from seo_records) as seo,
      (select count(*)::int from regions) as regions,
      (select count(*)::int from cities) as cities,
      (select count(*)::int from promo_codes) as promo_codes`);
    expect(row.active_products).toBeGreaterThanOrEqual(400);
    expect(row.without_main_image).toBe(0);
    expect(row.without_variants).toBe(0);
    expect(row.new_count).toBeGreaterThan(24);
    expect(row.sale_count).toBeGreaterThan(24);
    expect(row.sizes).toBeGreaterThan(10);
    for (const key of ['certificates', 'blog', 'news', 'info_pages', 'seo', 'promo_codes']) expect(row[key]).toBeGreaterThan(0);
    expect(row.regions).toBeGreaterThanOrEqual(20);
    expect(row.cities).toBeGreaterThan(row.regions);
  });
});

describe.runIf(PG_URL)('several servers starting at once on one PostgreSQL', () => {
  it('migrate and seed exactly once between them', async () => {
    const scratch = await createScratchDatabase(PG_URL!);
    try {
      const dbs = await Promise.all([1, 2, 3].map(() => openDatabase({ databaseUrl: scratch.url }, { offers: 30 })));
      const [row] = await dbs[0].query<{ products: number; migrations: number; orgs: number }>(`select
        (select count(*)::int from products) as products,
        (select count(*)::int from schema_migrations) as migrations,
        (select count(*)::int from organization) as orgs`);
      expect(row).toEqual({ products: 30, migrations: MIGRATION_FILES.length, orgs: 1 });
      await Promise.all(dbs.map((d) => d.close()));
    } finally {
      await scratch.drop();
    }
  });
});
