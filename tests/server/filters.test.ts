// The filters of a listing (/v1/all/filters/{x}/) on every backend: each option's count is what the list shows
// once it is picked, sizes in natural order, the Russian sort names, every scope, the shopper's choices, 404s
// and 400s, and counts that follow catalogue changes (the cache never answers stale figures).
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Paged } from '../../common/contract/base.ts';
import { SORTS, type Filters, type Offer, type OfferFilter } from '../../common/contract/catalog.ts';
import { backends, getJson, startApp, NOTICE_WAIT } from './harness.ts';

const data = (filter: OfferFilter) => encodeURIComponent(JSON.stringify(filter));

describe.each(backends)('listing filters on $name', (backend) => {
  let app: FastifyInstance;
  const filters = async (scope: string, filter?: OfferFilter) => {
    const res = await getJson<Filters>(app, `/api/v1/all/filters/${scope}/${filter ? `?data=${data(filter)}` : ''}`);
    expect({ scope, status: res.status }).toEqual({ scope, status: 200 });
    return res.body;
  };
  const count = async (path: string, filter: OfferFilter) =>
    (await getJson<Paged<Offer>>(app, `/api/v1/${path}?limit=1&data=${data(filter)}`)).body.count;
  const price = async (filter: OfferFilter, sort: 'price_asc' | 'price_desc') =>
    (await getJson<Paged<Offer>>(app, `/api/v1/offers/?limit=1&data=${data({ ...filter, sort })}`)).body.results[0]?.price;

  beforeAll(async () => {
    app = await startApp(backend);
  });
  afterAll(() => app?.close());

  it("counts each size, colour and brand of a category as the list's count once that option is picked", async () => {
    const scope = { categories: ['kupalniki'] };
    const f = await filters('kupalniki');
    expect(f.sizes.length).toBeGreaterThan(3);
    for (const s of f.sizes)
      expect({ size: s.value, n: await count('offers/', { ...scope, sizes: [s.value] }) }).toEqual({ size: s.value, n: s.count });
    for (const c of f.colors)
      expect({ color: c.value, n: await count('offers/', { ...scope, colors: [c.value] }) }).toEqual({ color: c.value, n: c.count });
    for (const b of f.brands)
      expect({ brand: b.value, n: await count('offers/', { ...scope, brands: [b.value] }) }).toEqual({ brand: b.value, n: b.count });
    expect(f.price).toEqual({ min: await price(scope, 'price_asc'), max: await price(scope, 'price_desc') });
    expect(f.colors.every((c) => /^#[0-9A-F]{6}$/i.test(c.hex) && c.name.length > 0)).toBe(true);
    expect(f.brands.find((b) => b.value === 'beach-bunny')?.name).toBe('Beach Bunny');
  });

  it('orders sizes naturally: letters, then numbers ascending, then bra sizes, "Один размер" last', async () => {
    const sizes = (await filters('all')).sizes.map((s) => s.value);
    const at = (s: string) => sizes.indexOf(s);
    for (const s of ['XS', 'S', 'M', 'L', 'XL', '2XL', '36', '46', '92', '140', '70B', '75C', 'Один размер']) expect(sizes).toContain(s);
    expect([at('XS'), at('S'), at('M'), at('L'), at('XL'), at('2XL'), at('3XL'), at('4XL')]).toEqual([0, 1, 2, 3, 4, 5, 6, 7]);
    const numeric = sizes.filter((s) => /^\d+$/.test(s)).map(Number);
    expect(numeric).toEqual([...numeric].sort((a, b) => a - b));
    expect(at('4XL')).toBeLessThan(at('36'));
    expect(at('140')).toBeLessThan(at('70B'));
    expect(at('70B')).toBeLessThan(at('75B'));
    expect(at('75B')).toBeLessThan(at('75C'));
    expect(sizes[sizes.length - 1]).toBe('Один размер');
  });

  it('offers the 5 sort orders with their Russian names', async () => {
    expect((await filters('new')).sort).toEqual([
      { value: 'popular', name: 'По популярности' },
      { value: 'new', name: 'Новинки' },
      { value: 'price_asc', name: 'Сначала дешёвые' },
      { value: 'price_desc', name: 'Сначала дорогие' },
      { value: 'discount', name: 'По размеру скидки' },
    ]);
    expect(SORTS).toHaveLength(5);
  });

  it('answers every kind of scope with counts of that scope', async () => {
    const sizeM = (f: Filters) => f.sizes.find((s) => s.value === 'M')?.count;
    expect(sizeM(await filters('all'))).toBe(await count('offers/', { sizes: ['M'] }));
    expect(sizeM(await filters('new'))).toBe(await count('offers/new/', { sizes: ['M'] }));
    expect(sizeM(await filters('sale'))).toBe(await count('offers/sale/', { sizes: ['M'] }));
    // A category path includes its descendants, the men's third level too.
    const men = await filters('muzhskoe/odezhda/futbolki');
    expect(men.sizes.map((s) => s.value)).toEqual(['46', '48', '50', '52', '54', '56']);
    expect(men.sizes[0].count).toBe(await count('offers/', { categories: ['muzhskoe/odezhda/futbolki'], sizes: ['46'] }));
    // A brand page offers only its own brand.
    const brand = await filters('brand/dkny');
    expect(brand.brands.map((b) => b.value)).toEqual(['dkny']);
    expect(brand.brands[0].count).toBe(await count('offers/', { brands: ['dkny'] }));
    // A landing of black swimsuits offers only black, and its price bound holds.
    const black = await filters('landing/chernye-kupalniki');
    expect(black.colors.map((c) => c.value)).toEqual(['chernyj']);
    expect(black.colors[0].count).toBe(await count('landing_page/chernye-kupalniki/', {}));
    expect((await filters('landing/vsyo-do-3000')).price.max).toBeLessThanOrEqual(3000);
    // A search: the results' facets.
    const found = await filters(`search/${encodeURIComponent('купальники')}`);
    const m = found.sizes.find((s) => s.value === 'M')!;
    expect(m.count).toBe(await count(`search/${encodeURIComponent('купальники')}/`, { sizes: ['M'] }));
    expect(await filters(`search/${encodeURIComponent(' ')}`)).toMatchObject({
      sizes: [],
      colors: [],
      brands: [],
      price: { min: 0, max: 0 },
    });
  });

  it("counts each facet with the shopper's other choices applied but not its own", async () => {
    const choice: OfferFilter = { sizes: ['S'], brands: ['maaji'], price_max: 9000 };
    const f = await filters('kupalniki', choice);
    const scope = { categories: ['kupalniki'] };
    // Sizes: counted with the brand and the price, whichever size is picked.
    for (const s of f.sizes.slice(0, 4)) {
      expect(s.count).toBe(await count('offers/', { ...scope, ...choice, sizes: [s.value] }));
    }
    // Brands: counted with the size and the price; Maaji's count is the list the shopper sees now.
    expect(f.brands.length).toBeGreaterThan(1);
    expect(f.brands.find((b) => b.value === 'maaji')?.count).toBe(await count('offers/', { ...scope, ...choice }));
    // Colours: every choice applies.
    for (const c of f.colors.slice(0, 3)) expect(c.count).toBe(await count('offers/', { ...scope, ...choice, colors: [c.value] }));
    // Price: the range of the list without the price choice.
    expect(f.price.max).toBeGreaterThan(9000);
  });

  it('answers 404 for an unknown category, brand or landing page, and 400 for malformed data', async () => {
    const notFound: [string, string][] = [
      ['nope', 'Категория не найдена'],
      ['kupalniki/nope', 'Категория не найдена'],
      ['brand/nope', 'Бренд не найден'],
      ['landing/nope', 'Подборка не найдена'],
    ];
    for (const [scope, message] of notFound) {
      expect({ scope, ...(await getJson(app, `/api/v1/all/filters/${scope}/`)) }).toEqual({ scope, status: 404, body: { message } });
    }
    const bad: [string, string][] = [
      ['?data=%7Bbad', 'Неверное значение поля «data»'],
      [`?data=${data({ sizes: [1] } as unknown as OfferFilter)}`, 'Неверное значение поля «data.sizes»'],
      [`?data=${data({ unknown: 1 } as unknown as OfferFilter)}`, 'Неверное значение поля «data.unknown»'],
    ];
    for (const [qs, message] of bad) {
      expect({ qs, ...(await getJson(app, `/api/v1/all/filters/kupalniki/${qs}`)) }).toEqual({ qs, status: 400, body: { message } });
    }
  });

  // Last: it changes the catalogue.
  it('follows stock and catalogue changes as soon as they are announced, cached or not', async () => {
    const scope = 'kupalniki/bikini';
    const before = await filters(scope);
    const m = before.sizes.find((s) => s.value === 'M')!;
    const listBefore = await count('offers/', { categories: [scope] });
    // A product of the category sells out of M: one offer fewer under M.
    const [product] = await app.db.query<{ id: number }>(
      `select p.id from products p join categories c on c.id = p.category_id
        where c.path = $1 and p.active and 'M' = any(p.sizes_in_stock) order by p.id limit 1`,
      [scope],
    );
    await app.db.query(`update product_variants set stock = 0 where product_id = $1 and size = 'M'`, [product.id]);
    await vi.waitFor(async () => expect((await filters(scope)).sizes.find((s) => s.value === 'M')?.count).toBe(m.count - 1), NOTICE_WAIT);
    // Another product stops being sold: the list and every facet lose it.
    await app.db.query(
      `update products set active = false where id = (select p.id from products p join categories c on c.id = p.category_id
        where c.path = $1 and p.active and p.id <> $2 order by p.id limit 1)`,
      [scope, product.id],
    );
    await vi.waitFor(async () => expect(await count('offers/', { categories: [scope] })).toBe(listBefore - 1), NOTICE_WAIT);
    // The list with a filter is read from the database, the scope's facets from the cache until the notice
    // arrives: they follow it, not the list.
    const total = (f: Filters) => f.brands.reduce((n, b) => n + b.count, 0);
    await vi.waitFor(async () => expect(total(await filters(scope))).toBe(total(before) - 1), NOTICE_WAIT);
  });
});
