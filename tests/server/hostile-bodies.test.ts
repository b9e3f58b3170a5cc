// Bodies built to hurt (on one engine: they are refused before any SQL): JSON nested thousands deep, arrays of tens
// of thousands of items. Every route that reads a body answers 400 with a Russian message before any work is done
// (never a 500), and an order's items are capped at ORDER_ITEMS_MAX, so a flood of huge orders is refused at once
// instead of pricing every line, as is a basket's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ORDER_ITEMS_MAX, ORDER_LINES_MESSAGE } from '../../common/contract/orders.ts';
import { BODY_MESSAGES } from '../../server/plugins/json-body.ts';
import { BASKET_MESSAGES } from '../../server/basket/basket.ts';
import { oneBackend, startApp } from './harness.ts';
import { BUYER, city, freshVariant, shopper, visitorKey } from './shop-helpers.ts';
import { atDesk, staffAtDesk, type StaffAtDesk } from './staff-helpers.ts';

describe.each(oneBackend)('hostile bodies on $name', (backend) => {
  let app: FastifyInstance;
  /** The manager desk's routes admit only the staff before they read a body: the test calls them as staff. */
  let staffDesk: StaffAtDesk;
  beforeAll(async () => {
    app = await startApp(backend, { STAFF_EMAILS: 'desk@moreimoda.test' });
    staffDesk = await staffAtDesk(app, 'desk@moreimoda.test');
  });
  afterAll(() => app?.close());

  /** Every API route that takes a body, with its path parameters filled in. */
  const bodyRoutes = () =>
    app.routeList
      .filter((r) => r.url.startsWith('/api/') && ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method))
      .map((r) => ({ method: r.method as 'POST', url: r.url.replace(/:[^/]+/g, '1') }));

  it('JSON nested 5,000 deep is a 400 with a Russian message on every route that reads a body', async () => {
    const deep = '['.repeat(5000) + ']'.repeat(5000);
    const deepObject = '{"a":'.repeat(5000) + '1' + '}'.repeat(5000);
    const routes = bodyRoutes();
    expect(routes.length).toBeGreaterThan(20);
    for (const { method, url } of routes) {
      for (const payload of [deep, deepObject]) {
        const caller = url.startsWith('/api/manage/') ? atDesk(app, staffDesk) : shopper(app);
        const res = await caller.call(method, url, payload, { 'content-type': 'application/json' });
        expect([url, res.status]).toEqual([url, 400]);
        // The basket's answers also carry status: 'error'.
        expect(res.body).toMatchObject({ message: BODY_MESSAGES.tooDeep });
      }
    }
  });

  it('an array of 25,000 items anywhere in a body is a 400; 20 such orders at once are all refused', async () => {
    const place = await city(app, 'Москва');
    const items = Array.from({ length: 25_000 }, (_, i) => ({ ext_id: `X-${i}`, quantity: 1 }));
    const body = JSON.stringify({ buyer: BUYER, ...place, delivery_method: 'pickup', items });
    expect(body.length).toBeGreaterThan(700_000);
    const calls = await Promise.all(
      Array.from({ length: 20 }, () => shopper(app).call('POST', '/api/v1/order/', body, { 'content-type': 'application/json' })),
    );
    for (const c of calls) expect([c.status, c.body]).toEqual([400, { message: BODY_MESSAGES.tooLong }]);
    const favourites = await shopper(app).call('POST', '/api/v1/offers_list/', JSON.stringify({ ext_id: Array(5000).fill(1) }), {
      'content-type': 'application/json',
    });
    expect([favourites.status, favourites.body]).toEqual([400, { message: BODY_MESSAGES.tooLong }]);
  });

  it(`an order takes at most ${ORDER_ITEMS_MAX} lines, with a Russian message beyond`, async () => {
    const place = await city(app, 'Москва');
    const v = await freshVariant(app, 5);
    const order = (n: number) =>
      shopper(app).call('POST', '/api/v1/order/', {
        buyer: BUYER,
        ...place,
        delivery_method: 'pickup',
        items: Array.from({ length: n }, () => ({ ext_id: v.ext_id, quantity: 1 })),
      });
    const tooMany = await order(ORDER_ITEMS_MAX + 1);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toEqual({ message: ORDER_LINES_MESSAGE });
    expect((await order(2)).status).toBe(200);
  });

  it(`a basket holds at most ${ORDER_ITEMS_MAX} lines: one more is refused in Russian, more of a line already there is not`, async () => {
    const s = shopper(app);
    const first = await freshVariant(app, 50);
    const more = await freshVariant(app, 5);
    expect((await s.call('POST', '/api/v2/cart/', { ext_id: first.ext_id, quantity: 1 })).status).toBe(200);
    // The other lines straight into the cart: any in-stock variants.
    await app.db.query(
      `insert into cart_items (cart_id, variant_id, quantity)
       select c.id, v.id, 1 from carts c, (select id from product_variants where stock > 0 and ext_id not in ($2, $4) order by id limit $3) v
        where c.visitor_key = $1`,
      [visitorKey(s), first.ext_id, ORDER_ITEMS_MAX - 1, more.ext_id],
    );
    const refused = await s.call('POST', '/api/v2/cart/', { ext_id: more.ext_id, quantity: 1 });
    expect([refused.status, refused.body]).toEqual([409, { status: 'error', message: BASKET_MESSAGES.tooManyLines }]);
    expect((await s.call('POST', '/api/v2/cart/', { ext_id: first.ext_id, quantity: 1 })).status).toBe(200);
  });
});
