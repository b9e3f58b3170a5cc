// Pages that never say something false about the shopper: the basket page is rendered with the shopper's own
// confirmed basket (a visitor's by the signed cookie, a user's by the token), never kept for anyone else and
// never stored by the service worker (no-store); a request that names nobody gets a neutral placeholder, as
// does the favourites page (the server does not know the device's favourites): no "empty" claim anywhere.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { formatPrice } from '../../common/money.ts';
import { oneBackend, startApp } from './harness.ts';
import { createUser, freshVariant, shopper, type Shopper } from './shop-helpers.ts';

/** The rendered app (#root), its tags out. */
const rootText = (html: string) =>
  html
    .slice(html.indexOf('<div id="root">'), html.indexOf('<script type="application/json"'))
    .replace(/<[^>]+>/g, ' ')
    .replace(/[ \t\r\n]+/g, ' ');

describe.each(oneBackend)('personal pages on $name', (backend) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(backend, {}, { renderPages: true });
  });
  afterAll(() => app?.close());

  const basketPage = (s: Shopper) => s.call('GET', '/basket');

  it("the basket page holds the visitor's own lines, quantities and total, and is kept by no cache", async () => {
    const [a, b] = [await freshVariant(app, 20), await freshVariant(app, 20)];
    const anna = shopper(app);
    await anna.call('POST', '/api/v2/cart/', { ext_id: a.ext_id, quantity: 2 });
    await anna.call('POST', '/api/v2/cart/', { ext_id: b.ext_id, quantity: 1 });
    const boris = shopper(app);
    await boris.call('POST', '/api/v2/cart/', { ext_id: b.ext_id, quantity: 3 });

    const page = await basketPage(anna);
    expect(page.status).toBe(200);
    expect(page.headers['cache-control']).toBe('private, no-store');
    const text = rootText(page.raw.body);
    expect(text).toContain(a.name);
    expect(text).toContain(b.name);
    expect(text).toContain(formatPrice(a.price * 2 + b.price));
    expect(text).not.toMatch(/пусто/i);
    expect(page.raw.body).toContain(`data-ext-id="${a.ext_id}"`);

    // Another visitor right after gets their own basket, not the first one's.
    const other = rootText((await basketPage(boris)).raw.body);
    expect(other).not.toContain(a.name);
    expect(other).toContain(formatPrice(b.price * 3));
  });

  it("a signed-in shopper's basket page holds the account's basket; an empty basket says so", async () => {
    const v = await freshVariant(app, 10);
    const user = await createUser(app);
    const signedIn = shopper(app, user.token);
    await signedIn.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 1 });
    expect(rootText((await basketPage(signedIn)).raw.body)).toContain(v.name);
    // By the cookie the shop sets at sign-in as well as by the header.
    const byCookie = await app.inject({ url: '/basket', headers: { cookie: `token=${user.token}` } });
    expect(rootText(byCookie.body)).toContain(v.name);

    const empty = shopper(app);
    await empty.call('GET', '/api/v2/cart/'); // the shop knows this visitor: nothing in the basket
    expect(rootText((await basketPage(empty)).raw.body)).toContain('В корзине пока пусто');
  });

  it('a request that names nobody, or a cookie the shop did not sign, gets a neutral placeholder, never "empty"', async () => {
    for (const cookie of [undefined, `basket=${'a'.repeat(40)}.${'b'.repeat(22)}`, 'token=not-a-live-token']) {
      const res = await app.inject({ url: '/basket', headers: cookie ? { cookie } : {} });
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('data-testid="basket-not-known"');
      expect(rootText(res.body)).not.toMatch(/пусто/i);
    }
  });

  it('the favourites page and the header counters make no claim the server cannot know', async () => {
    const res = await app.inject('/favorite');
    expect(res.statusCode).toBe(200);
    expect(rootText(res.body)).not.toMatch(/пусто/i);
    expect(res.body).toContain('data-testid="favorites-not-known"');
    // The header's counters: a blank badge, not a number, on every page kept for everybody.
    const home = await app.inject('/');
    expect(home.body).not.toContain('data-testid="basket-count"');
    expect(home.body).not.toContain('data-testid="favorites-count"');
    expect(home.body.match(/data-testid="count-not-known-yet"/g)?.length).toBeGreaterThanOrEqual(2);
  });
});
