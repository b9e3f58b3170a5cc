// Two server processes on one PostgreSQL, as behind a load balancer: both cache the catalogue's answers,
// a price and a stock change made in the database reach both (LISTEN/NOTIFY), and neither answers the old
// value after that. Runs when TEST_DATABASE_URL names a PostgreSQL.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { inject } from 'vitest';
import pg from 'pg';
import { startShop, type ShopProcess } from '../../scripts/shop-process.ts';
import { createScratchDatabase, NOTICE_WAIT, PG_URL } from './harness.ts';

describe.runIf(PG_URL)('two server processes on one PostgreSQL', () => {
  let scratch: { url: string; drop(): Promise<void> };
  let shops: ShopProcess[] = [];
  let sql: pg.Client;
  beforeAll(async () => {
    scratch = await createScratchDatabase(PG_URL!, inject('pgTemplate') ?? undefined);
    shops = await Promise.all([0, 1].map(() => startShop({ DATABASE_URL: scratch.url, DIST_DIR: '/nonexistent', LOG_LEVEL: 'warn' })));
    sql = new pg.Client({ connectionString: scratch.url });
    await sql.connect();
  }, 300_000);
  afterAll(async () => {
    await sql?.end();
    await Promise.all(shops.map((s) => s.stop()));
    await scratch?.drop();
  });

  it('both answer a new price and stock, and never the old ones after', async () => {
    const {
      rows: [v],
    } = await sql.query<{ variant: number; product: number; path: string; price: number; stock: number }>(
      `select v.id as variant, p.id as product, c.path, p.price, v.stock
         from product_variants v join products p on p.id = v.product_id join categories c on c.id = p.category_id
        where p.active and v.stock between 2 and 50 order by v.id limit 1`,
    );
    const url = `/api/v1/product_offer/?categoryPath=${v.path}&pk=${v.product}`;
    type Page = { offer: { price: number }; variants: { stock: number }[] };
    const read = async (shop: ShopProcess) => (await (await fetch(shop.url + url)).json()) as Page;
    // Both have read the page, so both keep it in their response cache.
    for (const shop of shops) expect((await read(shop)).offer.price).toBe(v.price);

    await sql.query('update products set price = $1 where id = $2', [v.price + 700, v.product]);
    await sql.query('update product_variants set stock = $1 where id = $2', [v.stock - 1, v.variant]);

    const newStock = (p: Page) => p.variants.some((x) => x.stock === v.stock - 1);
    await Promise.all(
      shops.map((shop) =>
        vi.waitFor(async () => {
          const page = await read(shop);
          expect(page.offer.price).toBe(v.price + 700);
          expect(newStock(page)).toBe(true);
        }, NOTICE_WAIT),
      ),
    );
    for (let i = 0; i < 20; i++) {
      for (const shop of shops) {
        const page = await read(shop);
        expect(page.offer.price).toBe(v.price + 700);
        expect(newStock(page)).toBe(true);
      }
    }
  });
});
