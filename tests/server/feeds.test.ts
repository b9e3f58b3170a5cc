// The marketplace feeds on every backend, read by a strict XML parser as the marketplaces read them: every
// offer of Yandex's YML and every item of Google's feed carries every field its marketplace requires (one per
// size of every product on sale, grouped by product), and a change of the catalogue reaches the feed once it
// is built again. The feeds are files built once however many ask, sent gzipped to whoever takes gzip,
// served from the previous build while a change is built or when the database fails (a 503 in Russian when
// there is none yet), and the same read two products at a time as in big batches. The feeds' SQL runs on both
// engines; what they do with files and connections, on one (the engine cannot matter there).
import { existsSync, readdirSync, readlinkSync } from 'node:fs';
import { get as httpGet } from 'node:http';
import type { AddressInfo } from 'node:net';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../server/db/driver.ts';
import { backends, NOTICE_WAIT, oneBackend, startApp, type Backend } from './harness.ts';
import { descendants, parseXml, textOf as text } from '../support/xml-tree.ts';

const ORIGIN = 'https://moreimoda.example';

/**
 * How long a change takes to reach a feed: its notice, then the feed's build (the previous feed is served
 * meanwhile), then a fetch. Generous, as NOTICE_WAIT is: a test checks that it arrives, never how fast.
 */
const FEED_WAIT = { timeout: 60_000, interval: 100 };

describe.each(backends)('the marketplace feeds on $name', (backend) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(backend, { PUBLIC_URL: ORIGIN });
  });
  afterAll(async () => app?.close());

  const sizesOnSale = async () =>
    (
      await app.db.query<{ n: number }>(
        `select count(*)::int as n from product_variants v join products p on p.id = v.product_id
          where p.active and not p.is_set and v.kind = 'size' and exists (select 1 from product_images i where i.product_id = p.id)`,
      )
    )[0].n;

  it('lists every size on sale in Yandex YML with every field Yandex Market requires', async () => {
    const res = await app.inject({ method: 'GET', url: '/feeds/yandex.yml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    const root = parseXml(res.body); // well-formed, or it throws
    expect(root.name).toBe('yml_catalog');
    expect(root.attributes.date).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}\+03:00$/);
    const shop = descendants(root, 'shop')[0];
    expect([text(shop, 'name'), text(shop, 'company'), text(shop, 'url')]).toEqual(['Море и Мода', 'Море и Мода', `${ORIGIN}/`]);
    expect(descendants(shop, 'currency')[0].attributes.id).toBe('RUR');
    const categories = new Set(descendants(shop, 'category').map((c) => c.attributes.id));
    for (const c of descendants(shop, 'category')) {
      const parent = c.attributes.parentId;
      if (parent) expect(categories.has(parent)).toBe(true);
    }
    const offers = descendants(shop, 'offer');
    expect(offers.length).toBe(await sizesOnSale());
    const ids = new Set<string>();
    for (const o of offers) {
      const id = o.attributes.id;
      expect(id).toMatch(/^\d{1,20}$/);
      ids.add(id);
      expect(o.attributes.available).toMatch(/^(true|false)$/);
      expect(o.attributes.group_id).toMatch(/^\d{1,9}$/);
      expect(text(o, 'name')).toBeTruthy();
      expect(text(o, 'url')).toMatch(new RegExp(`^${ORIGIN}/[a-z-]+/[a-z0-9-]+(/[a-z0-9-]+)?/\\d+/[a-z0-9-]+$`));
      const price = Number(text(o, 'price'));
      expect(Number.isInteger(price) && price > 0).toBe(true);
      const old = text(o, 'oldprice');
      if (old !== null) expect(Number(old)).toBeGreaterThan(price);
      expect(text(o, 'currencyId')).toBe('RUR');
      expect(categories.has(text(o, 'categoryId') ?? '')).toBe(true);
      expect(text(o, 'picture')).toMatch(new RegExp(`^${ORIGIN}/`));
      expect(text(o, 'vendor')).toBeTruthy();
      const params = Object.fromEntries(descendants(o, 'param').map((p) => [p.attributes.name, p.text]));
      expect(params['Размер']).toBeTruthy();
      const size = descendants(o, 'param').find((p) => p.attributes.name === 'Размер')!;
      const letters = /[SML]$/i.test(params['Размер']!); // XS … 4XL; numbers end in a digit or a cup letter
      expect(size.attributes.unit).toBe(params['Размер'] === 'Один размер' ? undefined : letters ? 'INT' : 'RU');
      expect(params['Цвет']).toBeTruthy();
    }
    expect(ids.size).toBe(offers.length);
  });

  it('lists every size on sale in Google Merchant RSS with every field Google requires', async () => {
    const res = await app.inject({ method: 'GET', url: '/feeds/google.xml' });
    expect(res.statusCode).toBe(200);
    const root = parseXml(res.body);
    expect(root.name).toBe('rss');
    const items = descendants(root, 'item');
    expect(items.length).toBe(await sizesOnSale());
    for (const item of items) {
      const g = (name: string) => text(item, `g:${name}`);
      expect(g('id')!.length).toBeLessThanOrEqual(50);
      expect(g('title')).toBeTruthy();
      expect(g('title')!.length).toBeLessThanOrEqual(150);
      expect(g('description')).toBeTruthy();
      expect(g('link')).toMatch(new RegExp(`^${ORIGIN}/`));
      expect(g('image_link')).toMatch(new RegExp(`^${ORIGIN}/`));
      expect(g('price')).toMatch(/^\d+\.\d{2} RUB$/);
      const sale = g('sale_price');
      if (sale !== null) expect(parseFloat(sale)).toBeLessThan(parseFloat(g('price')!));
      expect(g('availability')).toMatch(/^(in_stock|out_of_stock)$/);
      expect(g('condition')).toBe('new');
      expect(g('brand')).toBeTruthy();
      expect(g('gender')).toMatch(/^(female|male|unisex)$/);
      expect(g('age_group')).toMatch(/^(adult|kids)$/);
      expect(g('size')).toBeTruthy();
      // Google reads a size only in a system it names (it has no Russian one: feed-sizes.ts).
      expect(g('size_system')).toBe(g('size') === 'Один размер' ? null : 'EU');
      expect(g('color')).toBeTruthy();
      expect(g('item_group_id')).toMatch(/^\d+$/);
    }
    const men = items.find((i) => text(i, 'g:link')!.startsWith(`${ORIGIN}/muzhskoe/`));
    expect(men && text(men, 'g:gender')).toBe('male');
  });

  it('links every offer to a page that answers 200, a product placed in a top-level category included', async () => {
    // 1C may put goods straight into a top-level group («Одежда»): the product's address is /odezhda/<id>/<slug>.
    const [p] = await app.db.query<{ id: number }>(
      `select p.id from products p join categories c on c.id = p.category_id
        where p.active and not p.is_set and c.path like 'odezhda/%' order by p.id limit 1`,
    );
    await app.db.query(`update products set category_id = (select id from categories where path = 'odezhda') where id = $1`, [p.id]);
    const links = async () =>
      descendants(parseXml((await app.inject({ method: 'GET', url: '/feeds/yandex.yml' })).body), 'offer').map((o) => text(o, 'url')!);
    await expect.poll(async () => (await links()).some((l) => new RegExp(`^${ORIGIN}/odezhda/${p.id}/`).test(l)), FEED_WAIT).toBe(true);
    const pages = [...new Set(await links())].map((l) => l.slice(ORIGIN.length));
    const answers = await Promise.all(pages.map(async (url) => `${(await app.inject({ method: 'GET', url })).statusCode} ${url}`));
    expect(answers.filter((a) => !a.startsWith('200 '))).toEqual([]);
  }, 180_000);

  it('leaves out goods without a picture, which both marketplaces refuse', { timeout: 180_000 }, async () => {
    const [p] = await app.db.query<{ id: number }>(`select id from products where active and not is_set order by id desc limit 1`);
    await app.db.query('delete from product_images where product_id = $1', [p.id]);
    await expect
      .poll(async () => {
        const items = descendants(parseXml((await app.inject({ method: 'GET', url: '/feeds/google.xml' })).body), 'item');
        return items.some((i) => text(i, 'g:item_group_id') === String(p.id));
      }, FEED_WAIT)
      .toBe(false);
  });

  it('shows a new price once its feed is built, and answers repeated fetches of the same feed with a 304 until then', async () => {
    const [p] = await app.db.query<{ id: number; variant: number }>(
      `select p.id, min(v.id)::int as variant from products p join product_variants v on v.product_id = p.id
        where p.active and not p.is_set group by p.id order by p.id limit 1`,
    );
    const first = await app.inject({ method: 'GET', url: '/feeds/google.xml' });
    const again = await app.inject({ method: 'GET', url: '/feeds/google.xml', headers: { 'if-none-match': String(first.headers.etag) } });
    expect(again.statusCode).toBe(304);
    await app.db.query('update products set price = 12345, old_price = null where id = $1', [p.id]);
    await expect
      .poll(async () => {
        const offers = descendants(parseXml((await app.inject({ method: 'GET', url: '/feeds/yandex.yml' })).body), 'offer');
        const offer = offers.find((o) => o.attributes.id === String(p.variant));
        return offer && text(offer, 'price');
      }, FEED_WAIT)
      .toBe('12345');
  }, 180_000);
});

/**
 * What the tests below do to the feeds' statements, through the app's database: count the builds (a Yandex
 * build reads the category tree once), hold the statements reading offers back until the test lets them go (a
 * build as slow as the test needs), or fail them (a database that does not answer). Every other statement runs
 * as it is.
 */
interface FeedStatements {
  categoryReads: number;
  /** While set, every statement reading offers waits for it before it runs. */
  offersHeld: Promise<void> | null;
  /** The statements reading offers waiting now. */
  offersWaiting: number;
  failing: boolean;
  failures: number;
}

const CATEGORY_TREE = 'select id, parent_id, name from categories order by depth';
/** In the statement that reads the sizes a feed offers (before and after the feeds were written in batches). */
const OFFERS = 'join colors vc on vc.id = v.color_id';

function withFeedStatements(backend: Backend, control: FeedStatements): Backend {
  return {
    name: backend.name,
    async open() {
      const db = await backend.open();
      const query: Db['query'] = async (sql, params) => {
        const categories = sql.startsWith(CATEGORY_TREE);
        const offers = sql.includes(OFFERS);
        if (categories) control.categoryReads += 1;
        if ((categories || offers) && control.failing) {
          control.failures += 1;
          throw new Error('connection terminated unexpectedly');
        }
        if (offers && control.offersHeld) {
          control.offersWaiting += 1;
          await control.offersHeld;
          control.offersWaiting -= 1;
        }
        return db.query(sql, params);
      };
      return { ...db, query };
    },
  };
}

const fresh = (): FeedStatements => ({ categoryReads: 0, offersHeld: null, offersWaiting: 0, failing: false, failures: 0 });

/** Holds every build at its offers until the returned function lets them go. */
function holdOffers(control: FeedStatements): () => void {
  let release = () => {};
  control.offersHeld = new Promise<void>((resolve) => (release = resolve));
  return () => {
    control.offersHeld = null;
    release();
  };
}

/** Until a build is held at its offers. */
const buildHeld = (control: FeedStatements) => expect.poll(() => control.offersWaiting, NOTICE_WAIT).toBeGreaterThan(0);

/** The offer ids of a feed in order (Yandex's offer ids, Google's g:id). */
const offerIds = (xml: string) => [...xml.matchAll(/<offer id="(\d+)"|<g:id>(\d+)<\/g:id>/g)].map((m) => Number(m[1] ?? m[2]));

/** The price of one offer in Yandex's feed, read without parsing the whole document. */
const yandexPrice = (xml: string, offer: number) => new RegExp(`<offer id="${offer}"[^>]*>[^]*?<price>(\\d+)</price>`).exec(xml)?.[1];

/** Every size on sale in the feed's order: by product, then the size's position. */
const sizesInOrder = async (app: FastifyInstance) =>
  (
    await app.db.query<{ id: number }>(
      `select v.id from product_variants v join products p on p.id = v.product_id
        where p.active and not p.is_set and v.kind = 'size' and exists (select 1 from product_images i where i.product_id = p.id)
        order by p.id, v.position, v.id`,
    )
  ).map((r) => r.id);

describe.each(oneBackend)('the marketplace feeds as files on $name', (backend) => {
  const control = fresh();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(withFeedStatements(backend, control), { PUBLIC_URL: ORIGIN });
  });
  afterAll(async () => app?.close());

  it('builds a feed once for 20 marketplaces asking at the same time, however long the build takes, and gives each the whole feed', async () => {
    // The build is held until every marketplace has asked: nobody gives up and builds for itself.
    const release = holdOffers(control);
    const asked = Array.from({ length: 20 }, () => app.inject({ method: 'GET', url: '/feeds/yandex.yml' }));
    await buildHeld(control);
    release();
    const answers = await Promise.all(asked);
    expect(control.categoryReads).toBe(1);
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(new Set(answers.map((a) => a.headers.etag)).size).toBe(1);
    expect(new Set(answers.map((a) => a.body)).size).toBe(1);
    expect(() => parseXml(answers[0].body)).not.toThrow();
    expect(offerIds(answers[0].body)).toEqual(await sizesInOrder(app));
  }, 180_000);

  it('sends the gzip form to a marketplace that takes it, the same XML inflated, a 304 to a current copy, and keeps no feed in memory', async () => {
    const plain = await app.inject({ method: 'GET', url: '/feeds/google.xml' });
    const packed = await app.inject({ method: 'GET', url: '/feeds/google.xml', headers: { 'accept-encoding': 'gzip' } });
    expect(packed.statusCode).toBe(200);
    expect(packed.headers['content-encoding']).toBe('gzip');
    expect(packed.headers['content-type']).toBe('application/xml; charset=utf-8');
    expect(String(packed.headers.vary)).toMatch(/accept-encoding/i);
    // Compressed once: inflated once it is the XML itself.
    expect(gunzipSync(packed.rawPayload).toString()).toBe(plain.body);
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(offerIds(plain.body)).toEqual(await sizesInOrder(app));
    for (const [res, headers] of [
      [packed, { 'accept-encoding': 'gzip' }],
      [plain, {}],
    ] as const) {
      const again = await app.inject({
        method: 'GET',
        url: '/feeds/google.xml',
        headers: { ...headers, 'if-none-match': String(res.headers.etag) },
      });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
    }
    // Both feeds were sent: the cache of public answers holds neither.
    expect(app.responseCache.stats().bytes).toBeLessThan(500_000);
  });

  it('answers at once from the previous feed while a change is built, and shows the change once it is', async () => {
    const [p] = await app.db.query<{ id: number; variant: number }>(
      `select p.id, min(v.id)::int as variant from products p join product_variants v on v.product_id = p.id and v.kind = 'size'
        where p.active and not p.is_set and exists (select 1 from product_images i where i.product_id = p.id)
        group by p.id order by p.id limit 1`,
    );
    const before = await app.inject({ method: 'GET', url: '/feeds/yandex.yml' });
    expect(yandexPrice(before.body, p.variant)).not.toBe('23456');
    const release = holdOffers(control);
    await app.db.query('update products set price = 23456, old_price = null where id = $1', [p.id]);
    // The change is heard and its build started, and it is held: whoever asks meanwhile gets the previous feed,
    // so nobody waits for the build (how fast that answer comes is the bench's to say).
    await buildHeld(control);
    const meanwhile = await app.inject({ method: 'GET', url: '/feeds/yandex.yml' });
    expect(meanwhile.statusCode).toBe(200);
    expect(meanwhile.headers.etag).toBe(before.headers.etag);
    expect(yandexPrice(meanwhile.body, p.variant)).toBe(yandexPrice(before.body, p.variant));
    release();
    await expect
      .poll(async () => {
        const res = await app.inject({ method: 'GET', url: '/feeds/yandex.yml' });
        expect(res.statusCode).toBe(200);
        return yandexPrice(res.body, p.variant);
      }, FEED_WAIT)
      .toBe('23456');
  }, 180_000);
});

describe.each(oneBackend)('the marketplace feeds when the database fails on $name', (backend) => {
  const control = fresh();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(withFeedStatements(backend, control), { PUBLIC_URL: ORIGIN });
  });
  afterAll(async () => app?.close());

  it('tells a marketplace in Russian to come back later when no feed could be built yet, never an error 500', async () => {
    control.failing = true;
    const res = await app.inject({ method: 'GET', url: '/feeds/yandex.yml' });
    expect(res.statusCode).toBe(503);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.json<{ message: string }>().message).toMatch(/^[А-Я][а-яё ,:.]+/);
  });

  it('keeps serving the previous feed when a new one cannot be built', async () => {
    control.failing = false;
    const first = await app.inject({ method: 'GET', url: '/feeds/google.xml' });
    expect(first.statusCode).toBe(200);
    control.failing = true;
    const failuresBefore = control.failures;
    await app.db.query('update products set price = price + 1 where id = (select min(id) from products where active)');
    // The change is heard and its feed tried (and failed) without anyone asking.
    await expect.poll(() => control.failures, NOTICE_WAIT).toBeGreaterThan(failuresBefore);
    const after = await app.inject({ method: 'GET', url: '/feeds/google.xml' });
    expect(after.statusCode).toBe(200);
    expect(after.headers.etag).toBe(first.headers.etag);
    expect(after.body).toBe(first.body);
  });
});

describe.each(backends)('the marketplace feeds read in small batches on $name', (backend) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(backend, { PUBLIC_URL: ORIGIN, FEED_BATCH_PRODUCTS: '2' });
  });
  afterAll(async () => app?.close());

  it('lists every size on sale exactly once, in order, read two products at a time', async () => {
    const sizes = await sizesInOrder(app);
    for (const url of ['/feeds/yandex.yml', '/feeds/google.xml']) {
      const res = await app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(() => parseXml(res.body)).not.toThrow();
      expect(offerIds(res.body)).toEqual(sizes);
    }
  });
});

/** The files of the feeds this process holds open (Linux's /proc; the feeds' folders are named shop-feeds-…). */
const openFeedFiles = () =>
  readdirSync('/proc/self/fd').filter((fd) => {
    try {
      return /shop-feeds-/.test(readlinkSync(`/proc/self/fd/${fd}`));
    } catch {
      return false; // closed meanwhile
    }
  }).length;

describe.runIf(existsSync('/proc/self/fd')).each(oneBackend)('a marketplace hanging up mid-feed on $name', (backend) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(backend, { PUBLIC_URL: ORIGIN });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => app?.close());

  it('leaves no file open behind it', async () => {
    const { port } = app.server.address() as AddressInfo;
    expect((await app.inject({ method: 'GET', url: '/feeds/google.xml' })).statusCode).toBe(200);
    // Half hang up as soon as they have asked (the file may not be open yet), half once the feed began to arrive.
    for (let i = 0; i < 6; i++) {
      await new Promise<void>((resolve, reject) => {
        const req = httpGet({ port, path: '/feeds/google.xml', host: '127.0.0.1' });
        const hangUp = () => {
          req.destroy();
          resolve();
        };
        req.on('error', (err) => (req.destroyed ? resolve() : reject(err)));
        if (i % 2) req.on('finish', () => setTimeout(hangUp, 1));
        else
          req.on('response', (res) => {
            res.pause(); // reads nothing more: the server's stream waits on the socket
            setTimeout(hangUp, 20);
          });
      });
    }
    await expect.poll(openFeedFiles, NOTICE_WAIT).toBe(0);
  });
});

describe.each(oneBackend)('a first build longer than the idle timeout on $name', (backend) => {
  const control = fresh();
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(withFeedStatements(backend, control), { PUBLIC_URL: ORIGIN, HTTP_IDLE_TIMEOUT_S: '1' });
    await app.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => app?.close());

  it('keeps the waiting marketplace connected until its feed is built', async () => {
    const { port } = app.server.address() as AddressInfo;
    // A build slower than the 1 s the server gives a silent connection: the time is the case itself here.
    setTimeout(holdOffers(control), 1_500);
    const res = await fetch(`http://127.0.0.1:${port}/feeds/google.xml`);
    expect(res.status).toBe(200);
    expect(offerIds(await res.text())).toEqual(await sizesInOrder(app));
  });
});
