// The marketplace feeds on every backend, read by a strict XML parser as the marketplaces read them: every
// offer of Yandex's YML and every item of Google's feed carries every field its marketplace requires (one per
// size of every product on sale, grouped by product), and a change of the catalogue reaches the next fetch.
// The product page's JSON-LD is a ProductGroup with a variant per size.
import { JSDOM } from 'jsdom';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { backends, NOTICE_WAIT, startApp } from './harness.ts';

const ORIGIN = 'https://moreimoda.example';

const parse = (xml: string) => new JSDOM(xml, { contentType: 'application/xml' }).window.document;
const text = (el: Element, name: string) => el.getElementsByTagName(name)[0]?.textContent ?? null;

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
    const doc = parse(res.body);
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    const root = doc.documentElement;
    expect(root.tagName).toBe('yml_catalog');
    expect(root.getAttribute('date')).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}\+03:00$/);
    const shop = root.getElementsByTagName('shop')[0];
    expect([text(shop, 'name'), text(shop, 'company'), text(shop, 'url')]).toEqual(['Море и Мода', 'Море и Мода', `${ORIGIN}/`]);
    expect(shop.getElementsByTagName('currency')[0].getAttribute('id')).toBe('RUR');
    const categories = new Set([...shop.getElementsByTagName('category')].map((c) => c.getAttribute('id')));
    for (const c of shop.getElementsByTagName('category')) {
      const parent = c.getAttribute('parentId');
      if (parent) expect(categories.has(parent)).toBe(true);
    }
    const offers = [...shop.getElementsByTagName('offer')];
    expect(offers.length).toBe(await sizesOnSale());
    const ids = new Set<string>();
    for (const o of offers) {
      const id = o.getAttribute('id')!;
      expect(id).toMatch(/^\d{1,20}$/);
      ids.add(id);
      expect(o.getAttribute('available')).toMatch(/^(true|false)$/);
      expect(o.getAttribute('group_id')).toMatch(/^\d{1,9}$/);
      expect(text(o, 'name')).toBeTruthy();
      expect(text(o, 'url')).toMatch(new RegExp(`^${ORIGIN}/[a-z-]+/[a-z0-9-]+(/[a-z0-9-]+)?/\\d+/[a-z0-9-]+$`));
      const price = Number(text(o, 'price'));
      expect(Number.isInteger(price) && price > 0).toBe(true);
      const old = text(o, 'oldprice');
      if (old !== null) expect(Number(old)).toBeGreaterThan(price);
      expect(text(o, 'currencyId')).toBe('RUR');
      expect(categories.has(text(o, 'categoryId'))).toBe(true);
      expect(text(o, 'picture')).toMatch(new RegExp(`^${ORIGIN}/`));
      expect(text(o, 'vendor')).toBeTruthy();
      const params = Object.fromEntries([...o.getElementsByTagName('param')].map((p) => [p.getAttribute('name'), p.textContent]));
      expect(params['Размер']).toBeTruthy();
      expect(params['Цвет']).toBeTruthy();
    }
    expect(ids.size).toBe(offers.length);
  });

  it('lists every size on sale in Google Merchant RSS with every field Google requires', async () => {
    const res = await app.inject({ method: 'GET', url: '/feeds/google.xml' });
    expect(res.statusCode).toBe(200);
    const doc = parse(res.body);
    expect(doc.getElementsByTagName('parsererror')).toHaveLength(0);
    expect(doc.documentElement.tagName).toBe('rss');
    const items = [...doc.getElementsByTagName('item')];
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
      expect(g('color')).toBeTruthy();
      expect(g('item_group_id')).toMatch(/^\d+$/);
    }
    const men = items.find((i) => text(i, 'g:link')!.startsWith(`${ORIGIN}/muzhskoe/`));
    expect(men && text(men, 'g:gender')).toBe('male');
  });

  it('leaves out goods without a picture, which both marketplaces refuse', async () => {
    const [p] = await app.db.query<{ id: number }>(`select id from products where active and not is_set order by id desc limit 1`);
    await app.db.query('delete from product_images where product_id = $1', [p.id]);
    await expect
      .poll(async () => {
        const doc = parse((await app.inject({ method: 'GET', url: '/feeds/google.xml' })).body);
        return [...doc.getElementsByTagName('item')].some((i) => text(i, 'g:item_group_id') === String(p.id));
      }, NOTICE_WAIT)
      .toBe(false);
  });

  it('shows a new price at the next fetch, and answers repeated fetches from the cache until then', async () => {
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
        const doc = parse((await app.inject({ method: 'GET', url: '/feeds/yandex.yml' })).body);
        const offer = [...doc.getElementsByTagName('offer')].find((o) => o.getAttribute('id') === String(p.variant));
        return offer && text(offer, 'price');
      }, NOTICE_WAIT)
      .toBe('12345');
  });
});
