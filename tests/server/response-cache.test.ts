// The response cache of public answers on every backend: a second request is answered from memory without
// touching the database, in the encoding asked for, with a strong ETag and 304s; equivalent filters share
// an entry; every table a public answer reads announces its changes, so the next answer is the new one;
// and a stock change (every order makes one) recomputes that product's page, not the whole catalogue.
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/driver.ts';
import { backends, startApp, type Backend, NOTICE_WAIT } from './harness.ts';

const data = (filter: object) => encodeURIComponent(JSON.stringify(filter));
const LISTING = '/api/v1/offers/?limit=24&offset=0';

/**
 * The backend's database with a count of the statements the app sends it, but for the mail delivery pass,
 * which reads its outbox every few seconds whatever the test does.
 */
function counting(backend: Backend): { backend: Backend; statements: () => number } {
  let n = 0;
  const counted = (sql: string) => !/\bmail_outbox\b/.test(sql);
  const count = (db: Db): Db => ({
    ...db,
    query: (sql, params) => (counted(sql) && n++, db.query(sql, params)),
    exec: (sql) => (counted(sql) && n++, db.exec(sql)),
    transaction: (fn) => (n++, db.transaction(fn)),
  });
  return { backend: { name: backend.name, open: async () => count(await backend.open()) }, statements: () => n };
}

describe.each(backends)('the response cache on $name', (plain) => {
  const { backend, statements } = counting(plain);
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(backend);
  });
  afterAll(() => app?.close());
  const get = (url: string, headers: Record<string, string> = {}) => app.inject({ method: 'GET', url, headers });

  it('answers a repeated public request from memory: no statement reaches the database', async () => {
    const first = await get(LISTING);
    expect(first.statusCode).toBe(200);
    const before = statements();
    const again = await get(LISTING);
    expect(statements()).toBe(before);
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect(again.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(again.headers['x-content-type-options']).toBe('nosniff'); // the security headers come along
  });

  it('sends the encoding asked for, each decoding to the same answer, and a 304 for a current copy', async () => {
    const identity = await get(LISTING);
    const br = await get(LISTING, { 'accept-encoding': 'br, gzip' });
    const gz = await get(LISTING, { 'accept-encoding': 'gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(br.headers.vary).toBe('accept-encoding');
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(identity.body);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(identity.body);
    expect(new Set([identity.headers.etag, br.headers.etag, gz.headers.etag]).size).toBe(3);
    for (const res of [identity, br, gz]) {
      const current = await get(LISTING, { 'if-none-match': res.headers.etag as string, 'accept-encoding': 'br' });
      expect(current.statusCode).toBe(304);
      expect(current.body).toBe('');
    }
  });

  it('gives equivalent filters one entry: keys and lists in any order, an empty filter, the trailing slash', async () => {
    const a = `/api/v1/offers/?limit=24&offset=0&data=${data({ sizes: ['M', 'S'], sort: 'price_asc', price_max: 20000 })}`;
    const b = `/api/v1/offers?offset=0&data=${data({ price_max: 20000, sort: 'price_asc', sizes: ['S', 'M', 'S'] })}&limit=24`;
    const first = await get(a);
    const before = statements();
    const second = await get(b);
    expect(statements()).toBe(before);
    expect(second.body).toBe(first.body);
    const plainList = await get(`/api/v1/offers/?limit=24&offset=0&data=${data({})}`);
    expect(plainList.body).toBe((await get(LISTING)).body);
  });

  it('keeps one entry for an answer that reads no query, whatever query comes with it', async () => {
    const first = await get('/api/v1/organization?_=1');
    const hits = app.responseCache.stats().hits;
    const entries = app.responseCache.stats().entries;
    const again = await get('/api/v1/organization?_=2&utm_source=x');
    expect(app.responseCache.stats()).toMatchObject({ hits: hits + 1, entries });
    expect(again.body).toBe(first.body);
  });

  it('never caches a refusal, and keeps refusing', async () => {
    const bad = `/api/v1/offers/?limit=24&offset=0&data=${data({ sort: 'cheapest' })}`;
    const before = app.responseCache.stats().entries;
    expect((await get(bad)).statusCode).toBe(400);
    expect((await get(bad)).statusCode).toBe(400);
    expect(app.responseCache.stats().entries).toBe(before);
  });

  it('shows a price changed in the database on the next answers, and never the old one again', async () => {
    const [p] = await app.db.query<{ id: number; path: string; price: number }>(
      // The cheapest product: its card is on the first page of the listing by price, before and after.
      `select p.id, c.path, p.price from products p join categories c on c.id = p.category_id where p.active order by p.price, p.id limit 1`,
    );
    const productUrl = `/api/v1/product_offer/?categoryPath=${p.path}&pk=${p.id}`;
    expect((await get(productUrl)).json().offer.price).toBe(p.price);
    const listed = await get(`/api/v1/offers/?limit=100&offset=0&data=${data({ sort: 'price_asc' })}`);
    expect(listed.statusCode).toBe(200);
    await app.db.query('update products set price = $1 where id = $2', [p.price + 111, p.id]);
    await vi.waitFor(async () => expect((await get(productUrl)).json().offer.price).toBe(p.price + 111), NOTICE_WAIT);
    for (let i = 0; i < 5; i++) expect((await get(productUrl)).json().offer.price).toBe(p.price + 111);
    const relisted = (await get(`/api/v1/offers/?limit=100&offset=0&data=${data({ sort: 'price_asc' })}`)).json();
    const card = relisted.results.find((o: { id: number }) => o.id === p.id);
    expect(card?.price).toBe(p.price + 111);
  });

  it("a stock change recomputes that product's page and leaves the rest of the catalogue cached", async () => {
    const [v] = await app.db.query<{ id: number; product_id: number; path: string; stock: number }>(
      `select v.id, v.product_id, c.path, v.stock from product_variants v join products p on p.id = v.product_id
         join categories c on c.id = p.category_id where p.active and v.stock > 3 order by v.id limit 1`,
    );
    const productUrl = `/api/v1/product_offer/?categoryPath=${v.path}&pk=${v.product_id}`;
    await get(productUrl);
    await get(LISTING);
    await app.db.query('update product_variants set stock = stock - 1 where id = $1', [v.id]);
    await vi.waitFor(async () => {
      const page = (await get(productUrl)).json() as { variants: { stock: number }[] };
      expect(page.variants.map((x) => x.stock)).toContain(v.stock - 1);
    }, NOTICE_WAIT);
    const before = statements();
    await get(LISTING);
    expect(statements()).toBe(before); // the listing stayed in memory
  });

  it('every table a public answer reads bumps the catalogue version, and the processes hear of it', async () => {
    const heard: string[] = [];
    const stop = await app.db.listen('catalogue_version', (v) => heard.push(v));
    const version = async () => Number((await app.db.query<{ version: string }>('select version from catalogue_version'))[0].version);
    // One harmless write per table: a row updated to what it already is still counts as a write.
    const writes: [table: string, sql: string][] = [
      ['products', 'update products set name = name where id = (select min(id) from products)'],
      ['product_images', 'update product_images set url = url where id = (select min(id) from product_images)'],
      ['categories', 'update categories set name = name where id = (select min(id) from categories)'],
      ['category_tags', 'update category_tags set name = name where id = (select min(id) from category_tags)'],
      ['product_tags', 'delete from product_tags where false'],
      ['brands', 'update brands set name = name where id = (select min(id) from brands)'],
      ['colors', 'update colors set name = name where id = (select min(id) from colors)'],
      ['landing_pages', 'update landing_pages set title = title where slug = (select min(slug) from landing_pages)'],
      ['organization', 'update organization set phone = phone'],
      ['banners', 'update banners set title = title where id = (select min(id) from banners)'],
      ['container_banners', 'update container_banners set title = title where id = (select min(id) from container_banners)'],
      ['posts', 'update posts set title = title where id = (select min(id) from posts)'],
      ['info_pages', 'update info_pages set title = title where path = (select min(path) from info_pages)'],
      ['instagram_posts', 'update instagram_posts set caption = caption where id = (select min(id) from instagram_posts)'],
      ['seo_records', 'update seo_records set title = title where url = (select min(url) from seo_records)'],
      ['gift_certificates', 'update gift_certificates set name = name where id = (select min(id) from gift_certificates)'],
      ['regions', 'update regions set name = name where id = (select min(id) from regions)'],
      ['cities', 'update cities set name = name where id = (select min(id) from cities)'],
    ];
    try {
      for (const [table, sql] of writes) {
        const v = await version();
        await app.db.query(sql);
        expect({ table, bumped: (await version()) > v }).toEqual({ table, bumped: true });
        await vi.waitFor(async () => expect(heard).toContain(String(await version())), NOTICE_WAIT);
      }
    } finally {
      await stop();
    }
  });
});
