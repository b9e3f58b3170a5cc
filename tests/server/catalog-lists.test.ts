// Offer lists as a shopper pages through them, on every backend: size, colour, brand and price filters, every
// sort order checked on the returned order, 24-offer pages with a stable count, category listings.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Paged } from '../../common/contract/base.ts';
import { SORTS, type Offer, type OfferFilter } from '../../common/contract/catalog.ts';
import { backends, getJson, startApp } from './harness.ts';

const data = (filter: OfferFilter) => encodeURIComponent(JSON.stringify(filter));

describe.each(backends)('offer lists on $name', (backend) => {
  let app: FastifyInstance;
  const offers = async (filter: OfferFilter, qs = '') => {
    const res = await getJson<Paged<Offer>>(app, `/api/v1/offers/?data=${data(filter)}${qs}`);
    expect(res.status).toBe(200);
    return res.body;
  };
  /** Every page of a listing, 24 at a time. */
  const allPages = async (filter: OfferFilter) => {
    const first = await offers(filter);
    const pages = [first];
    for (let offset = 24; offset < first.count; offset += 24) pages.push(await offers(filter, `&limit=24&offset=${offset}`));
    return pages;
  };
  /** A column the card does not show (popularity, created_at), in the order of the given ids. */
  const column = async (name: 'popularity' | 'created_at', ids: number[]) => {
    const rows = await app.db.query<{ id: number; v: string | number }>(
      `select id, ${name === 'created_at' ? 'extract(epoch from created_at)::float8' : 'popularity'} as v from products where id = any($1::int[])`,
      [ids],
    );
    const byId = new Map(rows.map((r) => [r.id, Number(r.v)]));
    return ids.map((id) => byId.get(id)!);
  };
  const nonIncreasing = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1] >= x);
  const nonDecreasing = (xs: number[]) => xs.every((x, i) => i === 0 || xs[i - 1] <= x);

  beforeAll(async () => {
    app = await startApp(backend);
  });
  afterAll(() => app?.close());

  it('filters by size: every offer has the size in stock, and fewer offers match than without it', async () => {
    const all = await offers({ categories: ['kupalniki'] });
    const m = await offers({ categories: ['kupalniki'], sizes: ['2XL'] });
    expect(m.count).toBeGreaterThan(0);
    expect(m.count).toBeLessThan(all.count);
    for (const o of m.results) expect(o.sizes).toContain('2XL');
    // Sizes are counted in stock only: a product whose 2XL is sold out is not in the list.
    const [soldOut] = await app.db.query<{ id: number }>(
      `select p.id from products p join categories c on c.id = p.category_id
        where p.active and c.path like 'kupalniki/%'
          and exists (select 1 from product_variants v where v.product_id = p.id and v.size = '2XL')
          and not exists (select 1 from product_variants v where v.product_id = p.id and v.size = '2XL' and v.stock > 0)
        limit 1`,
    );
    if (soldOut) {
      const ids = (await allPages({ categories: ['kupalniki'], sizes: ['2XL'] })).flatMap((p) => p.results.map((o) => o.id));
      expect(ids).not.toContain(soldOut.id);
    }
  });

  it('filters by colour, brand and price range together', async () => {
    const f: OfferFilter = { colors: ['chernyj', 'belyj'], brands: ['beach-bunny', 'maaji', 'dkny'], price_min: 3000, price_max: 12000 };
    const pages = await allPages(f);
    const results = pages.flatMap((p) => p.results);
    expect(results.length).toBe(pages[0].count);
    expect(results.length).toBeGreaterThan(0);
    for (const o of results) {
      expect(o.colors.map((c) => c.slug).some((c) => c === 'chernyj' || c === 'belyj')).toBe(true);
      expect(['beach-bunny', 'maaji', 'dkny']).toContain(o.brand.slug);
      expect(o.price).toBeGreaterThanOrEqual(3000);
      expect(o.price).toBeLessThanOrEqual(12000);
    }
    // An unknown brand or colour matches nothing rather than being ignored.
    expect((await offers({ brands: ['no-such-brand'] })).count).toBe(0);
    expect((await offers({ colors: ['no-such-colour'] })).count).toBe(0);
    // A price range that excludes everything lists nothing.
    expect((await offers({ price_min: 20000, price_max: 1000 })).count).toBe(0);
  });

  it('sorts by price both ways, across the page boundary too', async () => {
    const f: OfferFilter = { categories: ['odezhda'], sort: 'price_asc' };
    const [p1, p2] = [await offers(f), await offers(f, '&limit=24&offset=24')];
    const asc = [...p1.results, ...p2.results].map((o) => o.price);
    expect(nonDecreasing(asc)).toBe(true);
    expect(asc[0]).toBeLessThan(asc[asc.length - 1]);
    const desc = (await offers({ ...f, sort: 'price_desc' })).results.map((o) => o.price);
    expect(nonIncreasing(desc)).toBe(true);
    expect(desc[0]).toBeGreaterThanOrEqual(asc[asc.length - 1]);
  });

  it('sorts by discount, biggest first, with sale offers ahead of full-price ones', async () => {
    const list = await offers({ sort: 'discount' }, '&limit=100');
    const discounts = list.results.map((o) => o.discount);
    expect(nonIncreasing(discounts)).toBe(true);
    expect(discounts[0]).toBeGreaterThanOrEqual(40);
    for (const o of list.results) {
      if (o.old_price) expect(o.discount).toBe(Math.round((1 - o.price / o.old_price) * 100));
    }
  });

  it('sorts by newest and by popularity', async () => {
    const fresh = await offers({ categories: ['kupalniki'], sort: 'new' }, '&limit=50');
    expect(
      nonIncreasing(
        await column(
          'created_at',
          fresh.results.map((o) => o.id),
        ),
      ),
    ).toBe(true);
    const popular = await offers({ categories: ['kupalniki'], sort: 'popular' }, '&limit=50');
    const pops = await column(
      'popularity',
      popular.results.map((o) => o.id),
    );
    expect(nonIncreasing(pops)).toBe(true);
    expect(pops[0]).toBeGreaterThan(pops[pops.length - 1]);
    // Without a sort the list is by popularity; the new list is newest first.
    const plain = await offers({ categories: ['kupalniki'] }, '&limit=50');
    expect(plain.results.map((o) => o.id)).toEqual(popular.results.map((o) => o.id));
    const newList = await getJson<Paged<Offer>>(app, '/api/v1/offers/new/?limit=50');
    expect(
      nonIncreasing(
        await column(
          'created_at',
          newList.body.results.map((o) => o.id),
        ),
      ),
    ).toBe(true);
  });

  it('every sort gives the same offers, only in another order', async () => {
    const f: OfferFilter = { categories: ['obuv/sandalii'] };
    const sets = [];
    for (const sort of SORTS) {
      const ids = (await allPages({ ...f, sort })).flatMap((p) => p.results.map((o) => o.id));
      expect(new Set(ids).size).toBe(ids.length); // no offer on two pages
      sets.push([...ids].sort((a, b) => a - b));
    }
    for (const s of sets) expect(s).toEqual(sets[0]);
  });

  it('pages 24 at a time with a stable count, a partial last page and an empty page past the end', async () => {
    const f: OfferFilter = { categories: ['kupalniki'], sizes: ['M'], sort: 'price_asc' };
    const pages = await allPages(f);
    const count = pages[0].count;
    expect(count).toBeGreaterThan(48);
    for (const p of pages) expect(p.count).toBe(count);
    for (const p of pages.slice(0, -1)) expect(p.results).toHaveLength(24);
    const last = pages[pages.length - 1].results.length;
    expect(last).toBe(count - 24 * (pages.length - 1));
    const ids = pages.flatMap((p) => p.results.map((o) => o.id));
    expect(new Set(ids).size).toBe(count);
    const beyond = await offers(f, `&limit=24&offset=${count + 24}`);
    expect(beyond).toEqual({ count, results: [] });
  });

  it("lists a category with its whole subtree, a men's third level too", async () => {
    const root = await offers({ categories: ['muzhskoe'] });
    const deep = await offers({ categories: ['muzhskoe/odezhda/futbolki/odnotonnye'] });
    const mid = await offers({ categories: ['muzhskoe/odezhda/futbolki'] });
    expect(deep.count).toBeGreaterThan(0);
    expect(mid.count).toBeGreaterThan(deep.count);
    expect(root.count).toBeGreaterThan(mid.count);
    // The product URL keeps at most 3 category levels: a depth-3 product lives under its depth-2 ancestor.
    for (const o of deep.results) expect(o.full_path_offer).toBe(`/muzhskoe/odezhda/futbolki/${o.id}/${o.slug}`);
    // Two categories list the offers of both.
    const both = await offers({ categories: ['obuv', 'aksessuary'] });
    const [obuv, acc] = [await offers({ categories: ['obuv'] }), await offers({ categories: ['aksessuary'] })];
    expect(both.count).toBe(obuv.count + acc.count);
    // A tag of the category narrows it.
    const tagged = await offers({ categories: ['kupalniki'], tags: ['dlya-otpuska'] });
    expect(tagged.count).toBeGreaterThan(0);
    expect(tagged.count).toBeLessThan((await offers({ categories: ['kupalniki'] })).count);
  });

  it('brand pages list their offers through the brands filter', async () => {
    const brand = await getJson<{ slug: string; name: string; description: string; country: string }>(app, '/api/v1/brands/beach-bunny');
    expect(brand.status).toBe(200);
    expect(brand.body).toMatchObject({ slug: 'beach-bunny', name: 'Beach Bunny', country: 'США' });
    expect(brand.body.description.length).toBeGreaterThan(10);
    const list = await offers({ brands: ['beach-bunny'] });
    expect(list.count).toBeGreaterThan(0);
    for (const o of list.results) expect(o.brand).toEqual({ slug: 'beach-bunny', name: 'Beach Bunny' });
    expect(await getJson(app, '/api/v1/brands/no-such-brand')).toEqual({ status: 404, body: { message: 'Бренд не найден' } });
  });
});
