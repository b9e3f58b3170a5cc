// The catalogue API on every backend: category tree, preview, brands, colours, offers with paging,
// the new and sale lists, the `data` filter and its 400s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { is } from 'superstruct';
import type { Paged } from '../../common/contract/base.ts';
import {
  BrandList,
  CategoryList,
  CategoryPreviewList,
  ColorList,
  OfferPage,
  type Brand,
  type Category,
  type CategoryPreview,
  type Offer,
} from '../../common/contract/catalog.ts';
import { backends, getJson, startApp } from './harness.ts';
import { SPEC_MENU_BRANDS } from '../support/spec-menu.ts';

const offers = (app: FastifyInstance, qs: string) => getJson<Paged<Offer>>(app, `/api/v1/offers/${qs}`);
const data = (filter: object) => encodeURIComponent(JSON.stringify(filter));

describe.each(backends)('catalogue API on $name', (backend) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(backend);
  });
  afterAll(() => app?.close());

  it("has the 7 roots with Russian names, a root with more than 10 children and a men's third level", async () => {
    const { body } = await getJson<Category[]>(app, '/api/v1/categories');
    expect(is(body, CategoryList)).toBe(true);
    const roots = body.filter((c) => c.depth === 0);
    expect(roots.map((r) => r.path).sort()).toEqual(['aksessuary', 'bele', 'detskoe', 'kupalniki', 'muzhskoe', 'obuv', 'odezhda']);
    expect(roots.find((r) => r.path === 'kupalniki')?.name).toBe('Купальники');
    expect(body.filter((c) => c.parent_path === 'kupalniki').length).toBeGreaterThan(10);
    expect(body.some((c) => c.depth === 3 && c.path.startsWith('muzhskoe/'))).toBe(true);
  });

  it('previews the menu: subcategories with their children and every descendant for names', async () => {
    const { body } = await getJson<CategoryPreview[]>(app, '/api/v1/preview_category/');
    expect(is(body, CategoryPreviewList)).toBe(true);
    expect(body[0].path).toBe('kupalniki');
    const men = body.find((r) => r.path === 'muzhskoe')!;
    expect(men.subcategories.some((s) => s.subcategories.length > 0)).toBe(true);
    expect(men.allCategories.some((c) => c.path.split('/').length === 4)).toBe(true);
    for (const sub of body.flatMap((r) => r.subcategories)) expect(sub.path).toMatch(/^[a-z]+\/[a-z0-9-]+$/);
  });

  it('lists at least 14 brands with the 10 menu brands of spec §9 first', async () => {
    const { body } = await getJson<Brand[]>(app, '/api/v1/brands');
    expect(is(body, BrandList)).toBe(true);
    expect(body.length).toBeGreaterThanOrEqual(14);
    expect(body.filter((b) => b.in_menu).map((b) => b.name)).toEqual(SPEC_MENU_BRANDS);
    const colors = await getJson(app, '/api/v1/color');
    expect(is(colors.body, ColorList)).toBe(true);
  });

  it('pages all offers 24 at a time with a stable count', async () => {
    const first = await offers(app, '');
    expect(first.status).toBe(200);
    expect(is(first.body, OfferPage)).toBe(true);
    expect(first.body.count).toBeGreaterThanOrEqual(400);
    expect(first.body.results).toHaveLength(24);
    const second = await offers(app, '?limit=24&offset=24');
    expect(second.body.count).toBe(first.body.count);
    const ids = new Set([...first.body.results, ...second.body.results].map((o) => o.id));
    expect(ids.size).toBe(48);
    const last = await offers(app, `?offset=${first.body.count - 5}`);
    expect(last.body.results).toHaveLength(5);
  });

  it('answers the new and sale lists with only new and only discounted offers', async () => {
    const fresh = await offers(app, 'new/?limit=24&offset=0');
    expect(fresh.body.count).toBeGreaterThan(24);
    expect(fresh.body.results.every((o) => o.is_new)).toBe(true);
    const sale = await offers(app, 'sale/');
    expect(sale.body.results.every((o) => o.is_sale && o.old_price! > o.price && o.discount > 0)).toBe(true);
    const card = sale.body.results[0];
    expect(card.images.filter((i) => i.is_main)).toHaveLength(1);
    expect(card.full_path_offer).toMatch(new RegExp(`^/[a-z]+/[a-z0-9/-]+/${card.id}/${card.slug}$`));
    expect((await app.inject(card.images[0].image)).statusCode).toBe(200);
    expect((await offers(app, 'popular/')).status).toBe(404);
  });

  it('filters by size, brand and price range and sorts by price', async () => {
    const f = { sizes: ['M'], brands: ['maaji', 'luli-fama'], price_min: 2000, price_max: 15000, sort: 'price_asc' };
    const { status, body } = await offers(app, `?data=${data(f)}`);
    expect(status).toBe(200);
    expect(body.count).toBeGreaterThan(0);
    const prices = body.results.map((o) => o.price);
    expect(prices).toEqual([...prices].sort((a, b) => a - b));
    for (const o of body.results) {
      expect(['maaji', 'luli-fama']).toContain(o.brand.slug);
      expect(o.sizes).toContain('M');
      expect(o.price).toBeGreaterThanOrEqual(2000);
      expect(o.price).toBeLessThanOrEqual(15000);
    }
    const all = await offers(app, '');
    expect(body.count).toBeLessThan(all.body.count);
    const kupalniki = await offers(app, `?data=${data({ categories: ['kupalniki'] })}`);
    expect(kupalniki.body.results.every((o) => o.full_path_offer.startsWith('/kupalniki/'))).toBe(true);
  });

  it('refuses malformed paging and filters with a Russian 400, never a 500', async () => {
    const cases: [string, string][] = [
      ['?limit=abc', 'Неверное значение поля «limit»'],
      ['?limit=0', 'Неверное значение поля «limit»'],
      ['?offset=-1', 'Неверное значение поля «offset»'],
      ['?data=%7Bnot-json', 'Неверное значение поля «data»'],
      [`?data=${data({ sort: 'cheapest' })}`, 'Неверное значение поля «data.sort»'],
      [`?data=${data({ price_min: 'много' })}`, 'Неверное значение поля «data.price_min»'],
      [`?data=${data({ sizes: 'M' })}`, 'Неверное значение поля «data.sizes»'],
      [`?data=${data({ drop: 'table' })}`, 'Неверное значение поля «data.drop»'],
    ];
    for (const [qs, message] of cases) {
      const res = await offers(app, qs);
      expect({ qs, status: res.status, body: res.body }).toEqual({ qs, status: 400, body: { message } });
    }
  });
});
