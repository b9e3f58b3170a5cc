// Rate limits on the guessable checks on every backend: a gift card's balance (/v1/check_card/) and a promo
// code (/v1/promo_code/) answer 429 with the Russian message once an address has spent its attempts in the
// window, even for a right code; another address is not affected, and attempts older than the window no
// longer count. Whose address counts is forged-identity.test.ts's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LIMITS, TOO_MANY_MESSAGE } from '../../server/http/rate-limit.ts';
import { backends, startApp } from './harness.ts';
import { shopper } from './shop-helpers.ts';

describe.each(backends)('rate limits of card and promo checks on $name', (backend) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(backend);
  });
  afterAll(() => app?.close());

  const from = (address: string) => {
    const s = shopper(app);
    return (url: string, payload: unknown) => s.call('POST', url, payload, { 'x-forwarded-for': address });
  };

  it('a card balance check: the allowed attempts, then 429 even for a real card; other addresses go on', async () => {
    const post = from('203.0.113.10');
    const max = LIMITS.checkCardPerAddress.max;
    for (let i = 0; i < max; i++) {
      const res = await post('/api/v1/check_card/', { code: i % 2 ? 'DEMO-5000-0001' : `NET-${i}` });
      expect(res.status).toBe(i % 2 ? 200 : 404);
    }
    const refused = await post('/api/v1/check_card/', { code: 'DEMO-5000-0001' });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: TOO_MANY_MESSAGE });
    expect((await from('203.0.113.11')('/api/v1/check_card/', { code: 'DEMO-5000-0001' })).status).toBe(200);
    // A malformed request is refused before it counts.
    expect((await from('203.0.113.12')('/api/v1/check_card/', {})).status).toBe(400);
    const [{ n }] = await app.db.query<{ n: number }>(
      `select count(*)::int as n from rate_limit_hits where bucket = 'card:ip:203.0.113.12'`,
    );
    expect(n).toBe(0);
  });

  it('a promo code check: the allowed attempts, then 429 even for a valid code; other addresses go on', async () => {
    const post = from('203.0.113.20');
    const max = LIMITS.promoPerAddress.max;
    for (let i = 0; i < max; i++) {
      expect((await post('/api/v1/promo_code/', { code: i % 2 ? 'LETO10' : `NOSUCH${i}`, sum: 5000 })).status).toBe(i % 2 ? 200 : 404);
    }
    const refused = await post('/api/v1/promo_code/', { code: 'LETO10', sum: 5000 });
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: TOO_MANY_MESSAGE });
    expect((await from('203.0.113.21')('/api/v1/promo_code/', { code: 'LETO10', sum: 5000 })).status).toBe(200);
  });

  it('attempts older than the window no longer count', async () => {
    const post = from('203.0.113.30');
    for (let i = 0; i < LIMITS.promoPerAddress.max; i++) await post('/api/v1/promo_code/', { code: 'LETO10', sum: 5000 });
    expect((await post('/api/v1/promo_code/', { code: 'LETO10', sum: 5000 })).status).toBe(429);
    await app.db.query(`update rate_limit_hits set hit_at = now() - make_interval(secs => $1) where bucket = 'promo:ip:203.0.113.30'`, [
      LIMITS.promoPerAddress.windowS + 1,
    ]);
    expect((await post('/api/v1/promo_code/', { code: 'LETO10', sum: 5000 })).status).toBe(200);
  });
});
