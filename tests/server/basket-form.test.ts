// The product page's add-to-basket form as the browser itself sends it (before the app starts, or with no
// scripts): the chosen variants added and the browser sent to the basket page; the same form sent twice adds
// once; no size, a size out of stock or an unknown one get a page saying why in Russian with the way back to
// the product; a form another site sent is refused; a `back` to another site goes home instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { BASKET_MESSAGES } from '../../server/basket/basket.ts';
import { NO_SIZE_CHOSEN } from '../../common/input-rules.ts';
import { FOREIGN_ORIGIN_MESSAGE } from '../../server/plugins/same-origin.ts';
import { backends, startApp } from './harness.ts';
import { FORM, freshVariant, key, shopper } from './shop-helpers.ts';

describe.each(backends)('the add-to-basket form on $name', (backend) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(backend);
  });
  afterAll(() => app?.close());

  const send = (s: ReturnType<typeof shopper>, fields: Record<string, string>) =>
    s.call('POST', '/api/v2/cart/form/', new URLSearchParams(fields).toString(), FORM);
  const linesOf = async (s: ReturnType<typeof shopper>) =>
    ((await s.call('GET', '/api/v2/cart/')).body as { cart: { ext_id: string; quantity: number }[] }).cart.map((l) => [
      l.ext_id,
      l.quantity,
    ]);

  it('adds the chosen size for a new visitor and sends the browser to the basket page', async () => {
    const v = await freshVariant(app, 5);
    const s = shopper(app);
    const res = await send(s, { selectSize: v.ext_id, back: '/kupalniki/1/volna', idempotency_key: key() });
    expect(res.status).toBe(303);
    expect(res.headers.location).toBe('/basket');
    expect(s.cookies.get('basket')).toBeTruthy();
    expect(await linesOf(s)).toEqual([[v.ext_id, 1]]);
  });

  it('adds the top and the bottom of a set, one of each', async () => {
    const top = await freshVariant(app, 5, 'top');
    const bottom = await freshVariant(app, 5, 'bottom');
    const s = shopper(app);
    expect((await send(s, { selectTop: top.ext_id, selectBottom: bottom.ext_id, idempotency_key: key() })).status).toBe(303);
    expect(await linesOf(s)).toEqual([
      [top.ext_id, 1],
      [bottom.ext_id, 1],
    ]);
  });

  it('adds once for a form sent twice with its key, twice for two forms', async () => {
    const v = await freshVariant(app, 5);
    const s = shopper(app);
    const once = key();
    const [a, b] = await Promise.all([
      send(s, { selectSize: v.ext_id, idempotency_key: once }),
      send(s, { selectSize: v.ext_id, idempotency_key: once }),
    ]);
    expect([a.status, b.status]).toEqual([303, 303]);
    expect(await linesOf(s)).toEqual([[v.ext_id, 1]]);
    await send(s, { selectSize: v.ext_id, idempotency_key: key() });
    expect(await linesOf(s)).toEqual([[v.ext_id, 2]]);
  });

  it('says what is wrong, in Russian, with the way back to the product, and adds nothing', async () => {
    const s = shopper(app);
    const back = '/kupalniki/1/volna';
    const noSize = await send(s, { selectSize: '', back, idempotency_key: key() });
    expect(noSize.status).toBe(400);
    expect(noSize.headers['content-type']).toMatch(/^text\/html/);
    expect(noSize.raw.body).toContain(NO_SIZE_CHOSEN);
    expect(noSize.raw.body).toContain(`href="${back}"`);

    const gone = await freshVariant(app, 0);
    const out = await send(s, { selectSize: gone.ext_id, back, idempotency_key: key() });
    expect(out.status).toBe(409);
    expect(out.raw.body).toContain(BASKET_MESSAGES.outOfStock);

    const unknown = await send(s, { selectSize: 'нет-такого', back, idempotency_key: key() });
    expect(unknown.status).toBeGreaterThanOrEqual(400);
    expect(unknown.raw.body).toContain(BASKET_MESSAGES.unknown);
    expect(await linesOf(s)).toEqual([]);
  });

  it("refuses a form another site's page sent, before giving the browser a basket cookie", async () => {
    const v = await freshVariant(app, 5);
    const fields = new URLSearchParams({ selectSize: v.ext_id, idempotency_key: key() }).toString();
    const elsewhere: Record<string, string>[] = [
      { 'sec-fetch-site': 'cross-site' },
      { origin: 'https://evil.example' },
      { origin: 'null' },
    ];
    for (const from of elsewhere) {
      const res = await shopper(app).call('POST', '/api/v2/cart/form/', fields, { ...FORM, ...from });
      expect(res.status).toBe(403);
      expect(res.raw.body).toContain(FOREIGN_ORIGIN_MESSAGE);
      expect(res.raw.cookies).toHaveLength(0);
    }
  });

  it('never sends the shopper to another site: a foreign `back` goes home', async () => {
    const s = shopper(app);
    for (const back of ['https://evil.example/', '//evil.example/', '/\\evil.example/']) {
      const res = await send(s, { back, idempotency_key: key() });
      expect(res.raw.body).toContain('href="/"');
      expect(res.raw.body).not.toContain('evil.example');
    }
  });
});
