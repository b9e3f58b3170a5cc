// Full-text search as a shopper types it, on every backend: Russian word forms ('купальники' finds
// 'Купальник …'), the wrong keyboard layout, Latin brand names, filters and paging on results, blank queries.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Paged } from '../../common/contract/base.ts';
import type { Offer, OfferFilter } from '../../common/contract/catalog.ts';
import { backends, getJson, startApp } from './harness.ts';

const data = (filter: OfferFilter) => encodeURIComponent(JSON.stringify(filter));

describe.each(backends)('search on $name', (backend) => {
  let app: FastifyInstance;
  const search = async (query: string, qs = '') => {
    const res = await getJson<Paged<Offer>>(app, `/api/v1/search/${encodeURIComponent(query)}/${qs}`);
    expect(res.status).toBe(200);
    return res.body;
  };

  beforeAll(async () => {
    app = await startApp(backend);
  });
  afterAll(() => app?.close());

  it("finds 'Купальник …' for 'купальники': another word form, ranked by the name first", async () => {
    const found = await search('купальники', '?limit=24&offset=0');
    expect(found.count).toBeGreaterThan(24);
    // No offer name holds the plural, so only stemming can match it; the best matches have it in the name.
    for (const o of found.results) {
      expect(o.name.toLowerCase()).not.toContain('купальники');
      expect(o.name.toLowerCase()).toContain('купальник');
    }
    // Every offer named "Купальник …" is found.
    const [{ named }] = await app.db.query<{ named: number }>(
      `select count(*)::int as named from products where active and name ilike '%купальник%'`,
    );
    expect(found.count).toBeGreaterThanOrEqual(named);
  });

  it("finds dresses for 'платья' and nothing for a word the shop does not sell", async () => {
    const dresses = await search('платья');
    expect(dresses.count).toBeGreaterThan(0);
    expect(dresses.results[0].name).toMatch(/плать/i);
    expect(dresses.results.every((o) => /плать|сарафан|туник/i.test(o.name) || o.full_path_offer.includes('plat'))).toBe(true);
    expect((await search('экскаватор')).count).toBe(0);
  });

  it("reads 'regfkmybr' typed on the Latin layout as 'купальник'", async () => {
    const typed = await search('купальник', '?limit=24');
    const layout = await search('regfkmybr', '?limit=24');
    expect(layout.count).toBeGreaterThan(0);
    expect(layout.count).toBe(typed.count);
    expect(new Set(layout.results.map((o) => o.id))).toEqual(new Set(typed.results.map((o) => o.id)));
  });

  it('finds a Latin brand by its name or the start of it, in any case', async () => {
    const brand = await getJson<Paged<Offer>>(app, `/api/v1/offers/?data=${data({ brands: ['luli-fama'] })}`);
    const luli = await search('luli');
    expect(luli.count).toBe(brand.body.count);
    expect(luli.results.every((o) => o.brand.slug === 'luli-fama')).toBe(true);
    expect((await search('Luli Fama')).count).toBe(brand.body.count);
    const dkny = await search('DKNY');
    expect(dkny.count).toBeGreaterThan(0);
    expect(dkny.results.every((o) => o.brand.slug === 'dkny')).toBe(true);
    // The Latin transliteration of a Russian name finds it too.
    const translit = await search('kupalnik');
    expect(translit.count).toBeGreaterThan(0);
    expect(translit.results.every((o) => o.name.toLowerCase().includes('купальник'))).toBe(true);
    // A Latin plural, stemmed like the Russian one once its soft sign is back.
    expect((await search('kupalniki')).count).toBe((await search('купальники')).count);
  });

  it('narrows results by the data filter, sorts them on request and pages them', async () => {
    const all = await search('купальник');
    const narrowed = await search('купальник', `?data=${data({ sizes: ['M'], price_max: 8000, sort: 'price_asc' })}`);
    expect(narrowed.count).toBeGreaterThan(0);
    expect(narrowed.count).toBeLessThan(all.count);
    const prices = narrowed.results.map((o) => o.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    for (const o of narrowed.results) {
      expect(o.sizes).toContain('M');
      expect(o.price).toBeLessThanOrEqual(8000);
    }
    const page2 = await search('купальник', '?limit=24&offset=24');
    expect(page2.count).toBe(all.count);
    expect(page2.results.some((o) => all.results.some((x) => x.id === o.id))).toBe(false);
    expect(await search('купальник', `?limit=24&offset=${all.count}`)).toEqual({ count: all.count, results: [] });
  });

  it('answers an empty page for a blank or punctuation-only query', async () => {
    expect(await search(' ')).toEqual({ count: 0, results: [] });
    expect(await search('!!! ...')).toEqual({ count: 0, results: [] });
    expect((await getJson(app, '/api/v1/search/')).body).toEqual({ count: 0, results: [] });
  });

  it('refuses malformed data, paging and an overlong query with a Russian 400', async () => {
    const cases: [string, string][] = [
      ['/api/v1/search/купальник/?data=%7Bbad', 'Неверное значение поля «data»'],
      [`/api/v1/search/купальник/?data=${data({ sort: 'relevance' } as unknown as OfferFilter)}`, 'Неверное значение поля «data.sort»'],
      ['/api/v1/search/купальник/?limit=1000', 'Неверное значение поля «limit»'],
      [`/api/v1/search/${'а'.repeat(201)}/`, 'Слишком длинный поисковый запрос'],
    ];
    for (const [url, message] of cases) {
      const res = await getJson(app, encodeURI(url).replace(/%25/g, '%'));
      expect({ url, ...res }).toEqual({ url, status: 400, body: { message } });
    }
  });
});
