// What a visitor had becomes the user's at login and registration, on every backend: the basket merged in
// the same transaction, and the visitor's stored Idempotency-Key answers moved to the user, so a basket
// change applied as a visitor and replayed by the offline queue after login is not applied twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PASSWORD, registerUser, withToken } from './account-helpers.ts';
import { backends, startApp } from './harness.ts';
import { freshVariant, key, shopper, visitorKey } from './shop-helpers.ts';

describe.each(backends)('login merge on $name', (backend) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(backend);
  });
  afterAll(() => app?.close());

  const lines = (cart: { ext_id: string; quantity: number }[]) => cart.map((l) => [l.ext_id, l.quantity]);

  it("merges the visitor's basket at login, and a change replayed after login is not applied twice", async () => {
    const a = await freshVariant(app, 10);
    const b = await freshVariant(app, 10);
    const u = await registerUser(app);
    await u.user.call('POST', '/api/v2/cart/', { ext_id: b.ext_id, quantity: 1 });

    const visitor = shopper(app);
    const k = key();
    const first = await visitor.call('POST', '/api/v2/cart/', { ext_id: a.ext_id, quantity: 2 }, { 'idempotency-key': k });
    expect(first.status).toBe(200);
    // The answer was lost on a flaky network: the queue still holds the change when the visitor logs in.
    const login = await visitor.call('POST', '/api/v1/auth/', { username: u.email, password: PASSWORD });
    expect(login.status).toBe(200);
    const signedIn = withToken(app, visitor, login.body.token);
    expect(lines((await signedIn.call('GET', '/api/v2/cart/')).body.cart)).toEqual([
      [b.ext_id, 1],
      [a.ext_id, 2],
    ]);

    const replay = await signedIn.call('POST', '/api/v2/cart/', { ext_id: a.ext_id, quantity: 2 }, { 'idempotency-key': k });
    expect(replay.status).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(lines((await signedIn.call('GET', '/api/v2/cart/')).body.cart)).toEqual([
      [b.ext_id, 1],
      [a.ext_id, 2],
    ]);
    // A new change under a new key still applies.
    await signedIn.call('POST', '/api/v2/cart/', { ext_id: a.ext_id, quantity: 1 }, { 'idempotency-key': key() });
    expect(lines((await signedIn.call('GET', '/api/v2/cart/')).body.cart)).toEqual([
      [b.ext_id, 1],
      [a.ext_id, 3],
    ]);
  });

  it("keeps the user's own answer when the visitor used the same key, and leaves no visitor rows behind", async () => {
    const a = await freshVariant(app, 10);
    const b = await freshVariant(app, 10);
    const u = await registerUser(app);
    const k = key();
    await u.user.call('POST', '/api/v2/cart/', { ext_id: b.ext_id, quantity: 1 }, { 'idempotency-key': k });
    const visitor = shopper(app);
    await visitor.call('POST', '/api/v2/cart/', { ext_id: a.ext_id, quantity: 1 }, { 'idempotency-key': k });
    const theVisitor = visitorKey(visitor);

    const login = await visitor.call('POST', '/api/v1/auth/', { username: u.email, password: PASSWORD });
    const signedIn = withToken(app, visitor, login.body.token);
    const replay = await signedIn.call('POST', '/api/v2/cart/', { ext_id: b.ext_id, quantity: 1 }, { 'idempotency-key': k });
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(lines(replay.body.cart)).toEqual([[b.ext_id, 1]]); // the user's first answer, not the visitor's
    expect(lines((await signedIn.call('GET', '/api/v2/cart/')).body.cart)).toEqual([
      [b.ext_id, 1],
      [a.ext_id, 1],
    ]);
    const [{ n }] = await app.db.query<{ n: number }>('select count(*)::int as n from idempotency_keys where scope = $1', [
      `visitor:${theVisitor}`,
    ]);
    expect(n).toBe(0);
  });

  it("gives a new account the visitor's basket and in-flight changes at registration", async () => {
    const a = await freshVariant(app, 10);
    const visitor = shopper(app);
    const k = key();
    await visitor.call('POST', '/api/v2/cart/', { ext_id: a.ext_id, quantity: 2 }, { 'idempotency-key': k });
    const res = await visitor.call('POST', '/api/v1/sign_in/', {
      full_name: 'Кузнецова Ольга',
      email: `merge-${k}@example.ru`,
      password_one: PASSWORD,
      password_two: PASSWORD,
    });
    expect(res.status).toBe(200);
    const u = withToken(app, visitor, res.body.token);
    expect(lines((await u.call('GET', '/api/v2/cart/')).body.cart)).toEqual([[a.ext_id, 2]]);
    await u.call('POST', '/api/v2/cart/', { ext_id: a.ext_id, quantity: 2 }, { 'idempotency-key': k });
    expect(lines((await u.call('GET', '/api/v2/cart/')).body.cart)).toEqual([[a.ext_id, 2]]);
  });

  it('leaves the basket alone when a login fails', async () => {
    const a = await freshVariant(app, 10);
    const u = await registerUser(app);
    const visitor = shopper(app);
    await visitor.call('POST', '/api/v2/cart/', { ext_id: a.ext_id, quantity: 1 });
    expect((await visitor.call('POST', '/api/v1/auth/', { username: u.email, password: 'Wrong2026x' })).status).toBe(400);
    expect(lines((await visitor.call('GET', '/api/v2/cart/')).body.cart)).toEqual([[a.ext_id, 1]]);
    expect((await u.user.call('GET', '/api/v2/cart/')).body.cart).toEqual([]);
  });
});
