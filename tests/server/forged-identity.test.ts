// What a client may claim about itself (on one engine: none decides it): X-Forwarded-For is believed only from a
// proxy on the shop's own host unless TRUST_PROXY names others (a neighbour on a private network cannot pose as new
// addresses to dodge the per-address limits), and a `basket` cookie the shop did not sign is never adopted: the
// visitor gets a fresh one, and nothing is stored under the planted value.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LIMITS } from '../../server/http/rate-limit.ts';
import { oneBackend, startApp } from './harness.ts';
import { freshVariant, shopper } from './shop-helpers.ts';

const SIGNED_COOKIE = /^[0-9a-f]{40}\.[\w-]{22}$/;

describe.each(oneBackend)('forged addresses and cookies on $name', (backend) => {
  let app: FastifyInstance;
  let behindProxy: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(backend);
    behindProxy = await startApp(backend, { TRUST_PROXY: '10.0.0.0/8' });
  });
  afterAll(async () => {
    await app?.close();
    await behindProxy?.close();
  });

  const checkCard = (on: FastifyInstance, remoteAddress: string, forwarded: string) =>
    on.inject({
      method: 'POST',
      url: '/api/v1/check_card/',
      remoteAddress,
      headers: { 'x-forwarded-for': forwarded },
      payload: { code: 'DEMO-5000-0001' },
    });

  it('by default a private-network neighbour claiming a new address each time is still one address', async () => {
    for (let i = 0; i < LIMITS.checkCardPerAddress.max; i++)
      expect((await checkCard(app, '10.0.0.5', `192.0.2.${i}`)).statusCode).toBe(200);
    expect((await checkCard(app, '10.0.0.5', '192.0.2.200')).statusCode).toBe(429);
    // The same from the internet.
    for (let i = 0; i < LIMITS.checkCardPerAddress.max; i++) await checkCard(app, '198.51.100.7', `192.0.2.${i}`);
    expect((await checkCard(app, '198.51.100.7', '192.0.2.201')).statusCode).toBe(429);
  });

  it('a proxy named in TRUST_PROXY is believed: two shoppers behind it are two addresses', async () => {
    for (let i = 0; i < LIMITS.checkCardPerAddress.max; i++)
      expect((await checkCard(behindProxy, '10.0.0.5', '198.51.100.8')).statusCode).toBe(200);
    expect((await checkCard(behindProxy, '10.0.0.5', '198.51.100.8')).statusCode).toBe(429);
    expect((await checkCard(behindProxy, '10.0.0.5', '198.51.100.9')).statusCode).toBe(200);
  });

  it('a self-chosen basket cookie is replaced by a signed one of the shop, and nothing is kept under it', async () => {
    const v = await freshVariant(app, 5);
    const planted = 'a'.repeat(40);
    for (const value of [planted, `${planted}.${'A'.repeat(22)}`]) {
      const s = shopper(app);
      s.cookies.set('basket', value);
      const added = await s.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 1 });
      expect(added.status).toBe(200);
      expect(s.cookies.get('basket')).toMatch(SIGNED_COOKIE);
      expect(s.cookies.get('basket')!.startsWith(planted)).toBe(false);
      expect((await s.call('GET', '/api/v2/cart/')).body.cart).toHaveLength(1);
    }
    expect(await app.db.query('select 1 from carts where visitor_key = $1', [planted])).toHaveLength(0);
  });

  it("a basket cookie of the shop's earlier, unsigned kind keeps its basket and is signed from then on", async () => {
    const v = await freshVariant(app, 5);
    const earlier = 'b'.repeat(40);
    const [{ id }] = await app.db.query<{ id: number }>('insert into carts (visitor_key) values ($1) returning id', [earlier]);
    await app.db.query(`insert into cart_items (cart_id, variant_id, quantity) select $1, id, 2 from product_variants where ext_id = $2`, [
      id,
      v.ext_id,
    ]);
    const s = shopper(app);
    s.cookies.set('basket', earlier);
    const cart = await s.call('GET', '/api/v2/cart/');
    expect(cart.body.cart.map((l: { ext_id: string; quantity: number }) => [l.ext_id, l.quantity])).toEqual([[v.ext_id, 2]]);
    expect(s.cookies.get('basket')).toMatch(SIGNED_COOKIE);
    expect(s.cookies.get('basket')!.startsWith(earlier)).toBe(true);
  });
});
