// The bonus programme's rules for anyone (GET /v1/bonus/rules/, read by /rules-discount) (on one engine: HTTP
// shapes): a visitor and a signed-in user get the same numbers as the signed-in GET /v1/bonus/.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { oneBackend, startApp } from './harness.ts';
import { createUser, shopper } from './shop-helpers.ts';

describe.each(oneBackend)('the public bonus rules on $name', (backend) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(backend);
  });
  afterAll(() => app?.close());

  it('answers the rules to a visitor, the same as a signed-in user reads with the balance', async () => {
    const visitor = await shopper(app).call('GET', '/api/v1/bonus/rules/');
    expect(visitor.status).toBe(200);
    expect(visitor.body).toEqual({ accrual_percent: 5, max_share_percent: 30, lifetime_days: 365 });
    const user = await createUser(app);
    const own = await shopper(app, user.token).call('GET', '/api/v1/bonus/');
    expect(own.status).toBe(200);
    expect(own.body).toEqual({ balance: 0, ...visitor.body }); // a new user has no points yet
  });
});
