// Category page heads and landing pages on every backend: children, tags and breadcrumbs of a category (the
// men's third level too), a landing's own filter narrowed by the shopper's choices, and their 404s and 400s.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Paged } from '../../common/contract/base.ts';
import type { CategoryDetail, LandingPage, Offer, OfferFilter } from '../../common/contract/catalog.ts';
import { backends, getJson, startApp } from './harness.ts';

const data = (filter: OfferFilter) => encodeURIComponent(JSON.stringify(filter));

describe.each(backends)('category and landing pages on $name', (backend) => {
  let app: FastifyInstance;
  const landingOffers = async (slug: string, filter?: OfferFilter, qs = '') => {
    const res = await getJson<Paged<Offer>>(
      app,
      `/api/v1/landing_page/${slug}/?limit=24&offset=0${filter ? `&data=${data(filter)}` : ''}${qs}`,
    );
    expect(res.status).toBe(200);
    return res.body;
  };
  const offers = async (filter: OfferFilter) => (await getJson<Paged<Offer>>(app, `/api/v1/offers/?data=${data(filter)}`)).body;

  beforeAll(async () => {
    app = await startApp(backend);
  });
  afterAll(() => app?.close());

  it("answers a men's depth-2 category with its children and the breadcrumbs from the root", async () => {
    const { status, body } = await getJson<CategoryDetail>(app, '/api/v1/category/muzhskoe/odezhda/futbolki');
    expect(status).toBe(200);
    expect(body).toMatchObject({ path: 'muzhskoe/odezhda/futbolki', name: 'Футболки', depth: 2 });
    expect(body.children.map((c) => c.path)).toEqual(['muzhskoe/odezhda/futbolki/odnotonnye', 'muzhskoe/odezhda/futbolki/s-printom']);
    expect(body.breadcrumbs.map((b) => [b.path, b.name])).toEqual([
      ['muzhskoe', 'Мужское'],
      ['muzhskoe/odezhda', 'Одежда'],
      ['muzhskoe/odezhda/futbolki', 'Футболки'],
    ]);
  });

  it("answers the men's third level as a leaf with four breadcrumbs", async () => {
    const { body } = await getJson<CategoryDetail>(app, '/api/v1/category/muzhskoe/odezhda/futbolki/odnotonnye/');
    expect(body.depth).toBe(3);
    expect(body.children).toEqual([]);
    expect(body.breadcrumbs.map((b) => b.slug)).toEqual(['muzhskoe', 'odezhda', 'futbolki', 'odnotonnye']);
    expect(body.breadcrumbs[3].name).toBe('Однотонные');
  });

  it('offers a tag only where its listing has goods in that category', async () => {
    // A tag link that opens an empty listing leads nowhere (e.g. Мужское › Плавки › Брифы had four, three empty).
    const categories = await app.db.query<{ path: string }>('select path from categories order by path');
    const empty: string[] = [];
    let offered = 0;
    for (const { path } of categories) {
      const { body } = await getJson<CategoryDetail>(app, `/api/v1/category/${path}`);
      for (const tag of body.tags) {
        offered++;
        const listing = await offers({ categories: [path], tags: [tag.slug] });
        if (listing.count === 0) empty.push(`${path} › ${tag.slug}`);
      }
    }
    expect(empty).toEqual([]);
    expect(offered).toBeGreaterThan(50); // the seed's tags are still offered where they have goods
  });

  it('lists the tags of a category and of its ancestors, each slug once', async () => {
    const { body: slitnye } = await getJson<CategoryDetail>(app, '/api/v1/category/kupalniki/slitnye');
    const slugs = slitnye.tags.map((t) => t.slug);
    expect(slugs).toEqual(expect.arrayContaining(['novaya-kollekciya', 'dlya-otpuska', 's-otkrytoj-spinoj', 's-vyrezami']));
    expect(new Set(slugs).size).toBe(slugs.length);
    expect(slitnye.tags.find((t) => t.slug === 's-otkrytoj-spinoj')?.name).toBe('С открытой спиной');
    // A sibling's own tags do not leak in.
    const { body: bikini } = await getJson<CategoryDetail>(app, '/api/v1/category/kupalniki/bikini');
    expect(bikini.tags.map((t) => t.slug)).not.toContain('s-otkrytoj-spinoj');
    expect(bikini.tags.map((t) => t.slug)).toContain('brazilskie');
    // A root lists its subcategories in menu order.
    const { body: root } = await getJson<CategoryDetail>(app, '/api/v1/category/kupalniki');
    expect(root.depth).toBe(0);
    expect(root.children.length).toBeGreaterThan(10);
    expect(root.children[0].path).toBe('kupalniki/slitnye');
    expect(root.breadcrumbs).toEqual([{ path: 'kupalniki', slug: 'kupalniki', name: 'Купальники' }]);
  });

  it('answers 404 with a Russian message for an unknown category', async () => {
    for (const path of ['nope', 'kupalniki/nope', 'KUPALNIKI', 'kupalniki//bikini', '..%2F..%2Fetc']) {
      expect(await getJson(app, `/api/v1/category/${path}`)).toEqual({ status: 404, body: { message: 'Категория не найдена' } });
    }
  });

  it('answers a landing page head with its own filter', async () => {
    const { status, body } = await getJson<LandingPage>(app, '/api/v1/landing_page/chernye-kupalniki');
    expect(status).toBe(200);
    expect(body.title).toBe('Чёрные купальники');
    expect(body.filter).toEqual({ categories: ['kupalniki'], colors: ['chernyj'] });
    expect(await getJson(app, '/api/v1/landing_page/nope')).toEqual({ status: 404, body: { message: 'Подборка не найдена' } });
    expect((await getJson(app, '/api/v1/landing_page/nope/?limit=24&offset=0')).status).toBe(404);
  });

  it("lists a landing page's offers: its own filter, the same as the offers list with it", async () => {
    const page = await landingOffers('chernye-kupalniki');
    expect(page.count).toBeGreaterThan(0);
    for (const o of page.results) {
      expect(o.colors.map((c) => c.slug)).toContain('chernyj');
      expect(o.full_path_offer.startsWith('/kupalniki/')).toBe(true);
    }
    expect(page.count).toBe((await offers({ categories: ['kupalniki'], colors: ['chernyj'] })).count);
  });

  it("narrows a landing by the shopper's data: lists intersect, the tighter price wins, the shopper's sort wins", async () => {
    const base = await landingOffers('chernye-kupalniki');
    const m = await landingOffers('chernye-kupalniki', { sizes: ['M'] });
    expect(m.count).toBeLessThan(base.count);
    expect(m.results.every((o) => o.sizes.includes('M'))).toBe(true);
    // A subcategory of the landing's category narrows it; a category outside it, or another colour, empties it.
    const bikini = await landingOffers('chernye-kupalniki', { categories: ['kupalniki/bikini'] });
    expect(bikini.count).toBeLessThan(base.count);
    expect(bikini.results.every((o) => o.full_path_offer.startsWith('/kupalniki/bikini/'))).toBe(true);
    expect(await landingOffers('chernye-kupalniki', { categories: ['odezhda'] })).toEqual({ count: 0, results: [] });
    expect(await landingOffers('chernye-kupalniki', { colors: ['belyj'] })).toEqual({ count: 0, results: [] });
    // "Всё до 3 000 ₽" stays under 3 000 when the shopper allows more, and goes under 2 000 when asked.
    const cheap = await landingOffers('vsyo-do-3000', { price_max: 5000 });
    expect(cheap.results.every((o) => o.price <= 3000)).toBe(true);
    expect(cheap.count).toBe((await landingOffers('vsyo-do-3000')).count);
    const cheaper = await landingOffers('vsyo-do-3000', { price_max: 2000 });
    expect(cheaper.count).toBeLessThan(cheap.count);
    expect(cheaper.results.every((o) => o.price <= 2000)).toBe(true);
    // Its own order is cheapest first; the shopper's sort replaces it.
    const asc = cheap.results.map((o) => o.price);
    expect(asc).toEqual([...asc].sort((a, b) => a - b));
    const desc = (await landingOffers('vsyo-do-3000', { sort: 'price_desc' })).results.map((o) => o.price);
    expect(desc).toEqual([...desc].sort((a, b) => b - a));
    expect(desc[0]).toBeGreaterThan(asc[0]);
  });

  it('refuses malformed landing paging and data with a Russian 400', async () => {
    const cases: [string, string][] = [
      ['?limit=abc', 'Неверное значение поля «limit»'],
      ['?limit=24&data=%7Bbad', 'Неверное значение поля «data»'],
      [`?limit=24&data=${data({ price_max: -1 })}`, 'Неверное значение поля «data.price_max»'],
      [`?limit=24&data=${data({ colors: 'chernyj' } as unknown as OfferFilter)}`, 'Неверное значение поля «data.colors»'],
    ];
    for (const [qs, message] of cases) {
      const res = await getJson(app, `/api/v1/landing_page/chernye-kupalniki/${qs}`);
      expect({ qs, ...res }).toEqual({ qs, status: 400, body: { message } });
    }
  });

  // Last: it changes the catalogue.
  it('lists a tag repeated down the chain once, with the name nearest the root', async () => {
    await app.db.query(
      `insert into category_tags (category_id, slug, name)
       select id, 'novaya-kollekciya', 'Новинки бикини' from categories where path = 'kupalniki/bikini'`,
    );
    const { body } = await getJson<CategoryDetail>(app, '/api/v1/category/kupalniki/bikini');
    const fresh = body.tags.filter((t) => t.slug === 'novaya-kollekciya');
    expect(fresh).toEqual([{ slug: 'novaya-kollekciya', name: 'Новая коллекция' }]);
  });
});
