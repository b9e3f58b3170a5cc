// The shop's pages as a crawler, a link preview or a browser before its scripts run get them: the HTML of a
// category and a product page holds their content (names, formatted prices, availability, description,
// breadcrumbs), the data the page hydrates with, and schema.org JSON-LD naming the product's price; an
// unknown product is a 404 with the error page; and a page is rendered once per catalogue generation.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type { Offer, ProductOffer } from '../../common/contract/catalog.ts';
import { formatPrice } from '../../common/money.ts';
import { pageAnswers } from '../../common/page-data.ts';
import { oneBackend, getJson, startApp, NOTICE_WAIT } from './harness.ts';
import { categoryPathOf, matchRoute, pageAt } from '../../common/routes.ts';
import { categoryPage } from '../../common/pages/category.ts';
import { FRAME_ASKS, seoAsk } from '../../common/pages/frame.ts';

/** The text of an HTML fragment: tags out, entities of the renderer back to characters. */
const text = (html: string) =>
  html
    .replace(/<[^>]+>/g, ' ')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&amp;/g, '&')
    .replace(/[ \t\r\n]+/g, ' ');
/** The page's own content: <main>, without the header's menus (whose hidden links name every category). */
const mainOf = (html: string) => html.slice(html.indexOf('<main'), html.indexOf('</main>'));
const rootOf = (html: string) =>
  html.slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json" id="shop-data">'));
const jsonLd = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((m) => JSON.parse(m[1]) as Record<string, unknown>);

describe.each(oneBackend)('rendered pages on $name', (backend) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(backend, {}, { renderPages: true });
  });
  afterAll(() => app?.close());

  it('a category page holds its title, subcategories, offers with their prices and the data it hydrates with', async () => {
    const res = await app.inject('/kupalniki');
    expect(res.statusCode).toBe(200);
    const root = text(mainOf(res.body));
    expect(root).toContain('Купальники');
    expect(root).toContain('Бикини'); // a subcategory link under the title
    const { body: listing } = await getJson<{ results: Offer[]; count: number }>(
      app,
      `/api/v1/offers/?limit=24&offset=0&data=${encodeURIComponent(JSON.stringify({ categories: ['kupalniki'] }))}`,
    );
    for (const o of listing.results.slice(0, 6)) {
      expect(root).toContain(o.name);
      expect(root).toContain(formatPrice(o.price));
    }
    expect(root).toContain(`${listing.count} товаров`);
    const data = JSON.parse(res.body.match(/<script type="application\/json" id="shop-data">(.*?)<\/script>/)![1]) as Record<
      string,
      unknown
    >;
    // The data of each of the page module's asks (common/pages/category.ts), under the ask's own key.
    const at = pageAt('/kupalniki', '')!;
    const asks = categoryPage.asks!(at);
    expect(Object.keys(data)).toEqual(
      expect.arrayContaining([FRAME_ASKS.organization.key, asks.detail!.key, asks.filters.key, asks.offers.key]),
    );
    expect(data[asks.detail!.key]).toMatchObject({ data: { path: 'kupalniki', name: 'Купальники' } });
    expect(data[seoAsk('/kupalniki').key]).toMatchObject({ data: { url: '/kupalniki', h1_tag: 'Купальники' } });
    // The page names the build it was rendered by, for the service worker, which keeps only its own build's.
    expect(res.headers['x-shop-build']).toBe('test');
    // One inline script runs, the record of first taps (below): the CSP admits no other.
    expect(res.body.match(/<script(?![^>]*(type="module"|type="application\/(ld\+)?json"))[^>]*>/g)).toEqual(['<script>']);
  });

  it('a product page holds its name, price, availability, description and breadcrumbs, and JSON-LD of it as a ProductGroup with a Product per size', async () => {
    const { body: page } = await getJson<{ results: Offer[] }>(app, '/api/v1/offers/?limit=1&offset=0');
    const path = page.results[0].full_path_offer;
    const categoryPath = categoryPathOf(matchRoute(path)!, path);
    const { body: product } = await getJson<ProductOffer>(
      app,
      `/api/v1/product_offer/?categoryPath=${categoryPath}&pk=${page.results[0].id}`,
    );
    const res = await app.inject(path);
    expect(res.statusCode).toBe(200);
    const root = text(mainOf(res.body));
    expect(root).toContain(product.offer.name);
    expect(root).toContain(formatPrice(product.offer.price));
    expect(root).toContain(product.variants.some((v) => v.stock > 0) ? 'В наличии' : 'Нет в наличии');
    expect(root).toContain(product.description.slice(0, 60));
    expect(root).toContain('Главная');
    expect(root).toContain(product.breadcrumbs[0].name);

    const blocks = jsonLd(res.body);
    const ld = blocks.find((b) => b['@type'] === 'ProductGroup') as {
      name: string;
      productGroupID: string;
      hasVariant: { '@type': string; sku: string; size: string; offers: { price: number; priceCurrency: string; availability: string } }[];
    };
    expect([ld.name, ld.productGroupID]).toEqual([product.offer.name, String(product.offer.id)]);
    expect(ld.hasVariant.map((v) => [v['@type'], v.sku, v.size])).toEqual(product.variants.map((v) => ['Product', v.ext_id, v.size]));
    for (const [i, v] of ld.hasVariant.entries()) {
      expect(v.offers).toMatchObject({ price: product.offer.price, priceCurrency: 'RUB' });
      expect(v.offers.availability).toBe(`https://schema.org/${product.variants[i].stock > 0 ? 'InStock' : 'OutOfStock'}`);
    }
    const crumbs = blocks.find((b) => b['@type'] === 'BreadcrumbList') as { itemListElement: { name: string; item: string }[] };
    expect(crumbs.itemListElement[0].name).toBe('Главная');
    expect(crumbs.itemListElement.at(-1)).toMatchObject({
      name: product.offer.name,
      item: expect.stringMatching(new RegExp(`^https?://[^/]+${path}$`)),
    });
  });

  it("offers every photograph in widths and formats: the home page's banners and tiles, a product's gallery, a post", async () => {
    /** The pictures of the page's <main>: each <picture>'s AVIF widths and its <img>'s attributes. */
    const picturesOf = (html: string) =>
      [...mainOf(html).matchAll(/<picture>(.*?)<\/picture>/g)].map(([, inner]) => ({
        avifWidths: /<source type="image\/avif" srcSet="([^"]*)"/.exec(inner!)?.[1]?.split(', ').length ?? 0,
        webp: inner!.includes('type="image/webp"'),
        img: /<img [^>]*>/.exec(inner!)![0],
      }));
    const home = picturesOf((await app.inject('/')).body);
    // The first banner is the page's largest picture: fetched first; the banners after it and the tiles lazily.
    const hero = home[0]!;
    expect(hero).toMatchObject({ webp: true });
    expect(hero.avifWidths).toBeGreaterThanOrEqual(3);
    expect(hero.img).toContain('fetchPriority="high"');
    expect(hero.img).toMatch(/width="1200" height="400"/);
    expect(home.filter((p) => p.img.includes('loading="lazy"') && p.avifWidths >= 3).length).toBeGreaterThanOrEqual(4);

    const { body: page } = await getJson<{ results: Offer[] }>(app, '/api/v1/offers/?limit=1&offset=0');
    const [main] = picturesOf((await app.inject(page.results[0].full_path_offer)).body);
    expect(main!.avifWidths).toBeGreaterThanOrEqual(3);
    expect(main!.img).toContain('fetchPriority="high"');

    const { body: posts } = await getJson<{ results: { slug: string }[] }>(app, '/api/v1/blog?limit=1&offset=0');
    const [post] = picturesOf((await app.inject(`/blog/${posts.results[0].slug}`)).body);
    expect(post!.avifWidths).toBeGreaterThanOrEqual(3);
  });

  it("a page's first script keeps the shopper's first taps, and the page's policy admits it by its hash", async () => {
    const res = await app.inject('/kupalniki');
    const [first] = [...res.body.matchAll(/<script>([\s\S]*?)<\/script>/g)];
    expect(first![1]).toContain('addEventListener');
    expect(res.body.indexOf('<script>')).toBeLessThan(res.body.indexOf('<div id="root">'));
    const hash = createHash('sha256').update(first![1]!).digest('base64');
    expect(res.headers['content-security-policy']).toContain(`'sha256-${hash}'`);
  });

  it('the home page describes the shop as an Organization', async () => {
    const org = jsonLd((await app.inject('/')).body).find((b) => b['@type'] === 'Organization') as { name: string; telephone: string };
    expect(org).toMatchObject({ name: 'Море и Мода', telephone: expect.stringMatching(/^\+7/) });
  });

  it('puts the cookie notice into the page until the visitor has accepted it', async () => {
    const first = await app.inject('/kupalniki');
    expect(text(rootOf(first.body))).toContain('Мы используем файлы cookie');
    const accepted = await app.inject({ url: '/kupalniki', headers: { cookie: 'cookieAccepted=true' } });
    expect(accepted.statusCode).toBe(200);
    expect(text(rootOf(accepted.body))).not.toContain('Мы используем файлы cookie');
    expect(text(mainOf(accepted.body))).toContain('Купальники');
  });

  it('never keeps a page rendered while the database failed: the next request renders it whole', async () => {
    const [p] = await app.db.query<{ id: number; path: string }>(
      `select p.id, c.path from products p join categories c on c.id = p.category_id where p.active order by p.id desc offset 3 limit 1`,
    );
    const { body: product } = await getJson<ProductOffer>(app, `/api/v1/product_offer/?categoryPath=${p.path}&pk=${p.id}`);
    await app.db.exec('alter table products rename to products_away');
    try {
      expect(text(mainOf((await app.inject(product.offer.full_path_offer)).body))).not.toContain(product.offer.name);
    } finally {
      await app.db.exec('alter table products_away rename to products');
    }
    expect(text(mainOf((await app.inject(product.offer.full_path_offer)).body))).toContain(product.offer.name);
  });

  it('an unknown product is a 404 that renders the error page', async () => {
    const res = await app.inject('/kupalniki/bikini/999999/net-takogo');
    expect(res.statusCode).toBe(404);
    expect(text(mainOf(res.body))).toContain('Ошибка');
  });

  it('renders a page once per catalogue generation: a second request is the same bytes, a price change renders it anew', async () => {
    const [p] = await app.db.query<{ id: number; path: string; price: number }>(
      `select p.id, c.path, p.price from products p join categories c on c.id = p.category_id where p.active order by p.id desc limit 1`,
    );
    const { body: product } = await getJson<ProductOffer>(app, `/api/v1/product_offer/?categoryPath=${p.path}&pk=${p.id}`);
    const url = product.offer.full_path_offer;
    const first = await app.inject(url);
    const hits = app.responseCache.stats().hits;
    const again = await app.inject(url);
    expect(app.responseCache.stats().hits).toBe(hits + 1); // sent from memory, not rendered again
    expect(again.body).toBe(first.body);
    expect(again.headers.etag).toBe(first.headers.etag);
    expect((await app.inject({ url, headers: { 'if-none-match': first.headers.etag as string } })).statusCode).toBe(304);
    await app.db.query('update products set price = $1 where id = $2', [p.price + 1000, p.id]);
    await vi.waitFor(async () => expect(text(mainOf((await app.inject(url)).body))).toContain(formatPrice(p.price + 1000)), NOTICE_WAIT);
  });

  it('a page is rendered once for every tag of the visit (utm_*, source=pwa, click ids), and once per query it reads', async () => {
    const plain = await app.inject('/bele');
    const hits = app.responseCache.stats().hits;
    for (const tagged of ['/bele?source=pwa', '/bele?utm_source=vk&utm_campaign=leto', '/bele?yclid=1&gclid=2&fbclid=3']) {
      const res = await app.inject(tagged);
      expect(res.statusCode).toBe(200);
      expect(res.body).toBe(plain.body);
    }
    expect(app.responseCache.stats().hits).toBe(hits + 3); // each from memory, none rendered again
    // A parameter the page reads is another page.
    const sorted = await app.inject('/bele?sort=price_asc&utm_source=vk');
    expect(sorted.body).not.toBe(plain.body);
  });

  it('the data block names the API address of each answer as the page would ask it, for the service worker', async () => {
    const res = await app.inject('/kupalniki');
    const answers = pageAnswers(res.body);
    const from = answers.map(([url]) => url);
    expect(from).toEqual(
      expect.arrayContaining(['/api/v1/organization', '/api/v1/category/kupalniki', '/api/v1/get_seo/?url=%2Fkupalniki']),
    );
    // Each named answer is what the API answers at that address.
    for (const [url, answer] of answers) expect((await getJson(app, url)).body, url).toEqual(answer);
    const home = pageAnswers((await app.inject('/')).body).map(([url]) => url);
    expect(home).toEqual(expect.arrayContaining(['/api/v1/banner', '/api/v1/offers/new/?limit=24&offset=0']));
  });
});
