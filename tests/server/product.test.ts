// Product pages and saved offers on every backend: product_offer (the card, texts, variants, sets with top and
// bottom, breadcrumbs, related offers, the one address of a product, 404 and 400) and offers_list (order, the
// ids no longer sold).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Paged } from '../../common/contract/base.ts';
import type { Offer, ProductOffer } from '../../common/contract/catalog.ts';
import { backends, getJson, startApp } from './harness.ts';

describe.each(backends)('product pages and saved offers on $name', (backend) => {
  let app: FastifyInstance;
  const product = (categoryPath: string, pk: number | string, slug?: string) =>
    getJson<ProductOffer>(
      app,
      `/api/v1/product_offer/?categoryPath=${encodeURIComponent(categoryPath)}&pk=${pk}${slug ? `&slug=${slug}` : ''}`,
    );
  const idWhere = async (where: string, params: unknown[] = []) => {
    const [row] = await app.db.query<{ id: number }>(
      `select p.id from products p join categories c on c.id = p.category_id where ${where} order by p.id limit 1`,
      params,
    );
    return row.id;
  };
  const postList = (payload: unknown) =>
    app
      .inject({ method: 'POST', url: '/api/v1/offers_list/', payload: payload as object })
      .then((r) => ({ status: r.statusCode, body: r.json() }));

  beforeAll(async () => {
    app = await startApp(backend);
  });
  afterAll(() => app?.close());

  it('answers the card a list shows, its texts, its category and breadcrumbs', async () => {
    const list = await getJson<Paged<Offer>>(app, `/api/v1/offers/?data=${encodeURIComponent('{"categories":["kupalniki/slitnye"]}')}`);
    const card = list.body.results[0];
    const { status, body } = await product('kupalniki/slitnye', card.id, card.slug);
    expect(status).toBe(200);
    expect(body.offer).toEqual(card);
    expect(body.category_path).toBe('kupalniki/slitnye');
    expect(body.breadcrumbs.map((b) => b.name)).toEqual(['Купальники', 'Слитные']);
    expect(body.description.length).toBeGreaterThan(20);
    expect(body.composition).toMatch(/%/);
    expect(body.is_set).toBe(false);
  });

  it("lists the variants: one per size and colour, the in-stock sizes being the card's sizes", async () => {
    const id = await idWhere(`p.active and not p.is_set and c.path = 'kupalniki/slitnye'`);
    const { body } = await product('kupalniki/slitnye', id);
    expect(body.variants.length).toBeGreaterThan(0);
    expect(body.variants.every((v) => v.kind === 'size')).toBe(true);
    expect(new Set(body.variants.map((v) => v.ext_id)).size).toBe(body.variants.length);
    const inStock = [...new Set(body.variants.filter((v) => v.stock > 0).map((v) => v.size))];
    expect(inStock).toEqual(body.offer.sizes);
    expect(new Set(body.variants.map((v) => v.color.slug))).toEqual(new Set(body.offer.colors.map((c) => c.slug)));
  });

  it('gives a set its top and bottom variants, each size of each', async () => {
    const id = await idWhere('p.active and p.is_set');
    const { body } = await product('kupalniki', id);
    expect(body.is_set).toBe(true);
    const tops = body.variants.filter((v) => v.kind === 'top').map((v) => `${v.color.slug}:${v.size}`);
    const bottoms = body.variants.filter((v) => v.kind === 'bottom').map((v) => `${v.color.slug}:${v.size}`);
    expect(tops.length).toBeGreaterThan(0);
    expect(new Set(tops)).toEqual(new Set(bottoms));
    expect(body.variants.some((v) => v.kind === 'size')).toBe(false);
  });

  it('relates up to 8 other offers: its category first, then its root, never itself', async () => {
    const id = await idWhere(`p.active and c.path = 'kupalniki/bikini'`);
    const { body } = await product('kupalniki/bikini', id);
    const ids = body.related.map((o) => o.id);
    expect(ids).toHaveLength(8);
    expect(ids).not.toContain(id);
    expect(new Set(ids).size).toBe(8);
    expect(body.related.every((o) => o.full_path_offer.startsWith('/kupalniki/bikini/'))).toBe(true);
    // A category with few offers is topped up from the rest of its root.
    const [small] = await app.db.query<{ path: string; n: number }>(
      `select c.path, count(*)::int as n from products p join categories c on c.id = p.category_id
        where p.active and c.path like 'muzhskoe/%' and c.depth <= 2 -- its address names it alone
        group by c.path having count(*) between 2 and 8 order by n, c.path limit 1`,
    );
    expect(small).toBeDefined();
    const other = await idWhere('p.active and c.path = $1', [small.path]);
    const related = (await product(small.path, other)).body.related;
    expect(related).toHaveLength(8);
    const own = related.filter((o) => o.full_path_offer.startsWith(`/${small.path}/`));
    expect(own.length).toBe(small.n - 1);
    expect(related.slice(0, own.length)).toEqual(own);
    expect(related.every((o) => o.full_path_offer.startsWith('/muzhskoe/') && o.id !== other)).toBe(true);
  });

  it("gives a men's depth-3 product its full category path but a 3-level address", async () => {
    const id = await idWhere(`p.active and c.path = 'muzhskoe/odezhda/futbolki/odnotonnye'`);
    const { body } = await product('muzhskoe/odezhda/futbolki', id);
    expect(body.category_path).toBe('muzhskoe/odezhda/futbolki/odnotonnye');
    expect(body.breadcrumbs.map((b) => b.slug)).toEqual(['muzhskoe', 'odezhda', 'futbolki', 'odnotonnye']);
    expect(body.offer.full_path_offer).toBe(`/muzhskoe/odezhda/futbolki/${id}/${body.offer.slug}`);
  });

  it('answers the product for a category path or slug that is not its own (the app redirects)', async () => {
    const id = await idWhere(`p.active and c.path = 'kupalniki/bikini'`);
    const right = await product('kupalniki/bikini', id);
    const wrong = await product('odezhda/platya', id, 'old-slug');
    expect(wrong.status).toBe(200);
    expect(wrong.body).toEqual(right.body);
  });

  it('answers 404 for an unknown or no longer sold product, 400 for a pk that is not digits', async () => {
    expect(await product('kupalniki', 99_999_999)).toEqual({ status: 404, body: { message: 'Товар не найден' } });
    const inactive = await idWhere('not p.active');
    expect(await product('kupalniki', inactive)).toEqual({ status: 404, body: { message: 'Товар не найден' } });
    for (const pk of ['abc', '12a', '-5', '0', '1.5']) {
      expect({ pk, ...(await product('kupalniki', pk)) }).toEqual({ pk, status: 400, body: { message: 'Неверное значение поля «pk»' } });
    }
    expect(await getJson(app, '/api/v1/product_offer/?pk=5')).toEqual({
      status: 400,
      body: { message: 'Не заполнено поле «categoryPath»' },
    });
  });

  it('answers saved offers in the order given and names the ids no longer sold', async () => {
    const [a, b] = (await app.db.query<{ id: number }>('select id from products where active order by id desc limit 2')).map((r) => r.id);
    const inactive = await idWhere('not p.active');
    const { status, body } = await postList({ ext_id: [a, 99_999_999, b, inactive, a] });
    expect(status).toBe(200);
    expect(body.response.map((o: Offer) => o.id)).toEqual([a, b]);
    expect(body.excluded).toEqual([99_999_999, inactive]);
    expect(body.response[0].full_path_offer).toMatch(new RegExp(`/${a}/`));
    expect(await postList({ ext_id: [] })).toEqual({ status: 200, body: { response: [], excluded: [] } });
  });

  it('refuses a malformed saved-offers body with a Russian 400', async () => {
    for (const payload of [{ ext_id: 'all' }, { ext_id: [1, 'x'] }, { ext_id: [0] }, { ext_id: [2 ** 31] }, {}]) {
      const res = await postList(payload);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/«ext_id»|Неверный формат данных запроса/);
    }
  });
});
