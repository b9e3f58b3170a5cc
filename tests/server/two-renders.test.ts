// Server renders never share what they show: pages rendered at the same time (the renderer streams, so their
// work interleaves) each hold only their own data. Product pages of different products and the basket pages
// of shoppers with different baskets, all asked at once, each show their own product or lines, and nothing of
// the others', exactly as when each is rendered alone.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { oneBackend, startApp } from './harness.ts';
import { setStock, shopper } from './shop-helpers.ts';

/** The rendered app (#root), its tags out, and the page's <title>. */
const rootText = (html: string) =>
  html
    .slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'))
    .replace(/<[^>]+>/g, ' ')
    .replace(/[ \t\r\n]+/g, ' ');
const titleOf = (html: string) => /<title>([^<]*)<\/title>/.exec(html)?.[1] ?? '';

describe('renders at the same time', () => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(oneBackend[0], {}, { renderPages: true });
  });
  afterAll(() => app?.close());

  it('each page holds its own product or basket, none of the others', async () => {
    // Six products of six categories: none is another's colour or a neighbour on its page, so a name of one
    // on another's page can only have come from the other render.
    const variants = await app.db.query<{ ext_id: string; name: string }>(
      `select distinct on (p.category_id) v.ext_id, p.name
         from products p join product_variants v on v.product_id = p.id and v.kind = 'size'
        where p.active order by p.category_id, p.id, v.position limit 6`,
    );
    expect(variants).toHaveLength(6);
    for (const v of variants) await setStock(app, v.ext_id, 20);
    const shoppers = variants.map(() => shopper(app));
    for (const [i, s] of shoppers.entries()) await s.call('POST', '/api/v2/cart/', { ext_id: variants[i].ext_id, quantity: i + 1 });
    // Each product's own address, as its basket line names it.
    const paths = await Promise.all(
      shoppers.map(async (s) => ((await s.call('GET', '/api/v2/cart/')).body.cart[0].product.full_path_offer as string).split('?')[0]),
    );

    const pages = await Promise.all([
      ...paths.map(async (path, i) => ({ kind: 'product', own: variants[i].name, html: (await app.inject(path)).body })),
      ...shoppers.map(async (s, i) => ({ kind: 'basket', own: variants[i].name, html: (await s.call('GET', '/basket')).raw.body })),
    ]);
    const names = variants.map((v) => v.name);
    const wrong = pages
      .map((p) => {
        const text = p.kind === 'product' ? `${titleOf(p.html)} ${rootText(p.html).split('С этим товаром')[0]}` : rootText(p.html);
        return { kind: p.kind, own: p.own, hasOwn: text.includes(p.own), others: names.filter((n) => n !== p.own && text.includes(n)) };
      })
      .filter((p) => !p.hasOwn || p.others.length);
    expect(wrong).toEqual([]);
  });
});
