// Rate limits hold when the attempts arrive at once, on every backend: 40 wrong passwords for one account
// sent together are checked at most the account's limit times, 30 registrations from one address at once
// make at most the address's limit of accounts, and guessing gift card numbers through the card payment is
// limited like the balance check.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LIMITS, TOO_MANY_MESSAGE } from '../../server/http/rate-limit.ts';
import { backends, startApp } from './harness.ts';
import { BUYER, city, freshVariant, shopper } from './shop-helpers.ts';
import { PASSWORD, freshContacts, registerUser } from './account-helpers.ts';

describe.each(backends)('limits under concurrent attempts on $name', (backend) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(backend);
  });
  afterAll(() => app?.close());

  const statuses = (calls: { status: number }[]) => {
    const count = new Map<number, number>();
    for (const c of calls) count.set(c.status, (count.get(c.status) ?? 0) + 1);
    return count;
  };

  it('40 wrong passwords at once: only the allowed number is checked, the rest are refused, and then the right one is too', async () => {
    const { email } = await registerUser(app);
    const calls = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        shopper(app).call(
          'POST',
          '/api/v1/auth/',
          { username: email, password: `Wrong${i}pass` },
          { 'x-forwarded-for': `203.0.113.${i + 1}` },
        ),
      ),
    );
    const count = statuses(calls);
    expect(count.get(400)).toBe(LIMITS.loginPerAccount.max);
    expect(count.get(429)).toBe(40 - LIMITS.loginPerAccount.max);
    const refused = calls.find((c) => c.status === 429)!;
    expect(refused.body).toEqual({ message: TOO_MANY_MESSAGE });
    expect((await shopper(app).call('POST', '/api/v1/auth/', { username: email, password: PASSWORD })).status).toBe(429);
  });

  it('a right password at once with wrong ones from the same address still signs in, and does not use up the address', async () => {
    const { email } = await registerUser(app);
    const address = { 'x-forwarded-for': '203.0.113.200' };
    const calls = await Promise.all([
      ...Array.from({ length: 5 }, () => shopper(app).call('POST', '/api/v1/auth/', { username: email, password: 'Wrong1pass' }, address)),
      shopper(app).call('POST', '/api/v1/auth/', { username: email, password: PASSWORD }, address),
    ]);
    expect(calls.at(-1)!.status).toBe(200);
    const [{ n }] = await app.db.query<{ n: number }>(
      `select count(*)::int as n from rate_limit_hits where bucket = 'login:ip:203.0.113.200'`,
    );
    expect(n).toBe(5);
  });

  it('30 registrations at once from one address make at most the allowed number of accounts', async () => {
    const before = await app.db.query<{ n: number }>('select count(*)::int as n from users');
    const calls = await Promise.all(
      Array.from({ length: 30 }, () => {
        const { email } = freshContacts();
        return shopper(app).call(
          'POST',
          '/api/v1/sign_in/',
          { full_name: 'Иванова Анна Сергеевна', email, password_one: PASSWORD, password_two: PASSWORD },
          { 'x-forwarded-for': '203.0.113.77' },
        );
      }),
    );
    const count = statuses(calls);
    expect(count.get(200)).toBe(LIMITS.signInPerAddress.max);
    expect(count.get(429)).toBe(30 - LIMITS.signInPerAddress.max);
    const after = await app.db.query<{ n: number }>('select count(*)::int as n from users');
    expect(after[0].n - before[0].n).toBe(LIMITS.signInPerAddress.max);
    // Another address registers.
    expect((await registerUser(app)).token).toBeTruthy();
  });

  it('guessing gift card numbers through the card payment is refused after the allowed attempts, even for a real card', async () => {
    const s = shopper(app);
    const v = await freshVariant(app, 5);
    await s.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 1 });
    const order = await s.call('POST', '/api/v2/order/', { buyer: BUYER, ...(await city(app, 'Москва')), delivery_method: 'pickup' });
    expect(order.status, JSON.stringify(order.body)).toBe(200);
    const address = { 'x-forwarded-for': '203.0.113.90' };
    const guesses = await Promise.all(
      Array.from({ length: 30 }, (_, i) =>
        s.call('POST', '/api/v1/giftcardpayment/', { guid: order.body.guid, code: `GUESS-${1000 + i}` }, address),
      ),
    );
    const count = statuses(guesses);
    expect(count.get(404)).toBe(LIMITS.cardPaymentPerAddress.max);
    expect(count.get(429)).toBe(30 - LIMITS.cardPaymentPerAddress.max);
    const real = await s.call('POST', '/api/v1/giftcardpayment/', { guid: order.body.guid, code: 'DEMO-5000-0001' }, address);
    expect([real.status, real.body]).toEqual([429, { message: TOO_MANY_MESSAGE }]);
  });
});
