// API figures: the real server on loopback over a seeded database; the median and 95th percentile of
// sequential requests per endpoint (lists, category, search, filters, product page), and throughput with a
// few requests in flight.
import type { AddressInfo } from 'node:net';
import { buildApp } from '../server/app.ts';
import { readConfig } from '../server/config.ts';
import type { Db } from '../server/db/driver.ts';

export interface EndpointFigures {
  name: string;
  medianMs: number;
  p95Ms: number;
  perSecond: number;
}

const json = (v: object) => encodeURIComponent(JSON.stringify(v));
const FILTER = json({ sizes: ['M', 'S'], price_min: 1500, price_max: 20000, sort: 'price_asc' });
const CATEGORY_FILTER = json({ categories: ['kupalniki'], sizes: ['M'], price_max: 9000, sort: 'price_asc' });

/** The endpoints timed; product_offer asks for a product the seed made (the middle active one). */
export function endpoints(product: { id: number; path: string }): [name: string, url: string][] {
  return [
    ['offers, filtered', `/api/v1/offers/?limit=24&offset=48&data=${FILTER}`],
    ['offers/new', '/api/v1/offers/new/?limit=24&offset=0'],
    ['offers/sale, page 3', '/api/v1/offers/sale/?limit=24&offset=48'],
    ['category listing, filtered', `/api/v1/offers/?limit=24&offset=0&data=${CATEGORY_FILTER}`],
    ['category/{path} (men, depth 2)', '/api/v1/category/muzhskoe/odezhda/futbolki'],
    ['search/купальники', `/api/v1/search/${encodeURIComponent('купальники')}/?limit=24&offset=0`],
    ['all/filters, root', '/api/v1/all/filters/kupalniki/'],
    ['product_offer', `/api/v1/product_offer/?categoryPath=${product.path}&pk=${product.id}`],
    ['preview_category', '/api/v1/preview_category/'],
    ['organization', '/api/v1/organization'],
  ];
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const round = (n: number) => Math.round(n * 100) / 100;

/** Serves db on loopback (and closes it afterwards) while timing each endpoint. */
export async function apiFigures(db: Db, rounds: number): Promise<EndpointFigures[]> {
  const app = await buildApp({ config: readConfig({ DIST_DIR: '/nonexistent', LOG_LEVEL: 'silent' }), db, logger: false });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const base = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const rows: EndpointFigures[] = [];
  const [product] = await db.query<{ id: number; path: string }>(
    `select p.id, c.path from products p join categories c on c.id = p.category_id
      where p.active order by p.id offset (select count(*) / 2 from products where active) limit 1`,
  );
  try {
    if (!product) throw new Error('the database has no active product to time product_offer with');
    for (const [name, url] of endpoints(product)) {
      for (let i = 0; i < 5; i++) await (await fetch(base + url)).arrayBuffer(); // warm-up
      const times: number[] = [];
      for (let i = 0; i < rounds; i++) {
        const s = performance.now();
        const res = await fetch(base + url);
        await res.arrayBuffer();
        if (!res.ok) throw new Error(`${url} answered ${res.status}`);
        times.push(performance.now() - s);
      }
      times.sort((a, b) => a - b);
      const inFlight = 4;
      const total = rounds * 2;
      const s = performance.now();
      let next = 0;
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (next++ < total) await (await fetch(base + url)).arrayBuffer();
        }),
      );
      const perSecond = total / ((performance.now() - s) / 1000);
      rows.push({ name, medianMs: round(percentile(times, 0.5)), p95Ms: round(percentile(times, 0.95)), perSecond: Math.round(perSecond) });
    }
  } finally {
    await app.close();
  }
  return rows;
}
