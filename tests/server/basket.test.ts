// The basket API on every backend: the visitor cookie, add / change / remove / empty with the
// contract's shapes, stock and unknown variants refused in Russian, Idempotency-Key replays, the signed-in user's
// cart by token, and the merge of a visitor's cart at login.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { KEEP } from '../../server/background/housekeeping.ts';
import { dropOldAnswers } from '../../server/http/idempotency-sql.ts';
import { mergeVisitorCart } from '../../server/basket/basket.ts';
import { backends, startApp } from './harness.ts';
import { createUser, freshVariant, key, setStock, shopper, visitorKey } from './shop-helpers.ts';

describe.each(backends)('basket on $name', (backend) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(backend);
  });
  afterAll(() => app?.close());

  const cartOf = (s: ReturnType<typeof shopper>) => s.call('GET', '/api/v2/cart/');

  it('gives a visitor an HttpOnly, SameSite=Lax cookie on the first call and an empty, private cart', async () => {
    const s = shopper(app);
    const res = await cartOf(s);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', cart: [] });
    expect(res.headers['cache-control']).toBe('no-store');
    const cookie = res.raw.cookies.find((c) => c.name === 'basket')!;
    expect(cookie.value).toMatch(/^[0-9a-f]{40}\.[\w-]{22}$/);
    expect(cookie.httpOnly).toBe(true);
    expect(cookie.sameSite).toBe('Lax');
    expect(cookie.maxAge).toBe(365 * 24 * 60 * 60);
    expect(cookie.path).toBe('/');
    // Known from then on: no new cookie.
    expect((await cartOf(s)).raw.cookies).toHaveLength(0);
  });

  it('adds, changes, removes and empties, answering the whole cart in the order added', async () => {
    const a = await freshVariant(app, 10);
    const b = await freshVariant(app, 10);
    const s = shopper(app);
    let res = await s.call('POST', '/api/v2/cart/', { ext_id: a.ext_id, quantity: 2 });
    expect(res.status).toBe(200);
    expect(res.body.status).toBe('success');
    const [line] = res.body.cart;
    expect(line).toMatchObject({ quantity: 2, price: a.price, ext_id: a.ext_id, product: { name: a.name, price: a.price } });
    expect(line.item_uuid).toMatch(/^[0-9a-f-]{36}$/);
    expect(line.feature.name).toBe(`Размер ${a.size}, ${a.color}`.replace('Размер Один размер', 'Один размер'));
    expect(line.product.full_path_offer).toMatch(new RegExp(`/${a.product_id}/[a-z0-9-]+$`));
    expect(line.product.images.some((i: { is_main: boolean }) => i.is_main)).toBe(true);
    expect(line.product.brand).not.toBe('');

    await s.call('POST', '/api/v2/cart/', { ext_id: b.ext_id, quantity: 1 });
    res = await s.call('POST', '/api/v2/cart/', { ext_id: a.ext_id, quantity: 1 }); // same line: adds to it
    expect(res.body.cart.map((l: { ext_id: string; quantity: number }) => [l.ext_id, l.quantity])).toEqual([
      [a.ext_id, 3],
      [b.ext_id, 1],
    ]);

    res = await s.call('PUT', `/api/v2/cart/${line.item_uuid}/`, { quantity: 5, item_uuid: line.item_uuid });
    expect(res.status).toBe(200);
    expect(res.body.cart[0].quantity).toBe(5);

    res = await s.call('DELETE', `/api/v2/cart/${line.item_uuid}/`);
    expect(res.body.cart.map((l: { ext_id: string }) => l.ext_id)).toEqual([b.ext_id]);

    res = await s.call('DELETE', '/api/v2/cart/');
    expect(res.body).toEqual({ status: 'success', cart: [] });
    expect((await cartOf(s)).body.cart).toEqual([]);
  });

  it('accepts a Content-Type: application/json header with no body on the calls that take none', async () => {
    // Many HTTP clients send the header on every call; a call without a body must not be refused for it.
    const a = await freshVariant(app, 10);
    const s = shopper(app);
    const json = { 'content-type': 'application/json' };
    expect((await s.call('GET', '/api/v2/cart/', undefined, json)).status).toBe(200);
    const added = await s.call('POST', '/api/v2/cart/', { ext_id: a.ext_id, quantity: 1 });
    const { item_uuid } = added.body.cart[0];
    let res = await s.call('DELETE', `/api/v2/cart/${item_uuid}/`, undefined, json);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', cart: [] });
    await s.call('POST', '/api/v2/cart/', { ext_id: a.ext_id, quantity: 1 });
    res = await s.call('DELETE', '/api/v2/cart/', undefined, json);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ status: 'success', cart: [] });
    // A call that needs a body still says in Russian what is wrong with an empty one.
    res = await s.call('POST', '/api/v2/cart/', undefined, json);
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('error');
    expect(res.body.message).toMatch(/[А-Яа-я]/);
  });

  it('names the top and bottom of a set, and sells a gift certificate by its ext_id', async () => {
    const top = await freshVariant(app, 5, 'top');
    const bottom = await freshVariant(app, 5, 'bottom');
    const s = shopper(app);
    await s.call('POST', '/api/v2/cart/', { ext_id: top.ext_id, quantity: 1 });
    await s.call('POST', '/api/v2/cart/', { ext_id: bottom.ext_id, quantity: 1 });
    const res = await s.call('POST', '/api/v2/cart/', { ext_id: 'GC-5000', quantity: 2 });
    const [t, b, gc] = res.body.cart;
    expect(t.featuretop.name).toMatch(/^Верх: (размер \S+|один размер), /);
    expect(t.feature).toBeUndefined();
    expect(b.featurebot.name).toMatch(/^Низ: (размер \S+|один размер), /);
    expect(gc).toMatchObject({
      ext_id: 'GC-5000',
      quantity: 2,
      price: 5000,
      product: {
        name: 'Подарочный сертификат на 5 000 ₽',
        price: 5000,
        full_path_offer: '/podarochnye-sertifikaty/podarochnyj-sertifikat-5000',
      },
    });
    expect(gc.feature).toBeUndefined();
  });

  it('keeps two visitors apart', async () => {
    const v = await freshVariant(app, 10);
    const one = shopper(app);
    const two = shopper(app);
    const added = await one.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 1 });
    expect((await cartOf(two)).body.cart).toEqual([]);
    expect(two.cookies.get('basket')).not.toBe(one.cookies.get('basket'));
    // Another visitor's line is not theirs to change or remove.
    const uuid = added.body.cart[0].item_uuid;
    const put = await two.call('PUT', `/api/v2/cart/${uuid}/`, { quantity: 2 });
    expect(put.status).toBe(404);
    expect(put.body).toEqual({ status: 'error', message: 'Такой позиции нет в корзине' });
    expect((await two.call('DELETE', `/api/v2/cart/${uuid}/`)).status).toBe(404);
    expect((await cartOf(one)).body.cart[0].quantity).toBe(1);
    // A visitor's cookie that is not one of ours gets a new cart.
    const forged = shopper(app);
    forged.cookies.set('basket', 'not-a-key');
    expect((await cartOf(forged)).body.cart).toEqual([]);
    expect(forged.cookies.get('basket')).toMatch(/^[0-9a-f]{40}\.[\w-]{22}$/);
  });

  it('refuses unknown variants, quantities below 1 or above stock, and bad payloads, in Russian', async () => {
    const v = await freshVariant(app, 3);
    const s = shopper(app);
    let res = await s.call('POST', '/api/v2/cart/', { ext_id: 'no-such-variant', quantity: 1 });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ status: 'error', message: 'Такого товара нет' });

    res = await s.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 0 });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 'error', message: 'Количество должно быть не меньше 1' });
    expect((await s.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: -2 })).status).toBe(400);

    res = await s.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 4 });
    expect(res.status).toBe(409);
    expect(res.body).toEqual({ status: 'error', message: 'Осталось только 3 шт.' });

    res = await s.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 2 });
    const uuid = res.body.cart[0].item_uuid;
    res = await s.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 2 }); // 2 + 2 > 3
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Осталось только 3 шт.');
    res = await s.call('PUT', `/api/v2/cart/${uuid}/`, { quantity: 0 });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Количество должно быть не меньше 1');
    res = await s.call('PUT', `/api/v2/cart/${uuid}/`, { quantity: 4 });
    expect(res.status).toBe(409);

    await setStock(app, v.ext_id, 0);
    const other = shopper(app);
    res = await other.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 1 });
    expect(res.status).toBe(409);
    expect(res.body.message).toBe('Товара нет в наличии');

    for (const payload of [{}, { ext_id: 5 }, { ext_id: v.ext_id, quantity: 'два' }, { ext_id: v.ext_id, quantity: 1.5 }]) {
      res = await s.call('POST', '/api/v2/cart/', payload);
      expect(res.status).toBe(400);
      expect(res.body.status).toBe('error');
      expect(res.body.message).toMatch(/[А-Яа-я]/);
    }
    res = await s.call('POST', '/api/v2/cart/', '{not json', { 'content-type': 'application/json' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ status: 'error', message: 'Неверный формат данных запроса' });
    res = await s.call('PUT', '/api/v2/cart/not-a-uuid/', { quantity: 1 });
    expect(res.status).toBe(404);
    expect(res.body.status).toBe('error');
    // Nothing of it changed the cart.
    expect((await cartOf(s)).body.cart.map((l: { quantity: number }) => l.quantity)).toEqual([2]);
  });

  it('lowers a quantity even when the stock fell below it', async () => {
    const v = await freshVariant(app, 5);
    const s = shopper(app);
    const uuid = (await s.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 5 })).body.cart[0].item_uuid;
    await setStock(app, v.ext_id, 2);
    const res = await s.call('PUT', `/api/v2/cart/${uuid}/`, { quantity: 4 });
    expect(res.status).toBe(200);
    expect(res.body.cart[0].quantity).toBe(4);
  });

  it('applies a mutation once per Idempotency-Key and replays its first answer', async () => {
    const v = await freshVariant(app, 10);
    const s = shopper(app);
    const k = key();
    const first = await s.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 2 }, { 'idempotency-key': k });
    const again = await s.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 2 }, { 'idempotency-key': k });
    expect(again.status).toBe(200);
    expect(again.raw.body).toBe(first.raw.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect((await cartOf(s)).body.cart[0].quantity).toBe(2);

    // After another change, the replay still answers what the first call answered, and changes nothing.
    const uuid = first.body.cart[0].item_uuid;
    await s.call('PUT', `/api/v2/cart/${uuid}/`, { quantity: 7 }, { 'idempotency-key': key() });
    const late = await s.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 2 }, { 'idempotency-key': k });
    expect(late.body).toEqual(first.body);
    expect((await cartOf(s)).body.cart[0].quantity).toBe(7);

    // A refusal is stored too: replayed as refused even when it would succeed now.
    const w = await freshVariant(app, 1);
    const k2 = key();
    const refused = await s.call('POST', '/api/v2/cart/', { ext_id: w.ext_id, quantity: 2 }, { 'idempotency-key': k2 });
    expect(refused.status).toBe(409);
    await setStock(app, w.ext_id, 5);
    const replay = await s.call('POST', '/api/v2/cart/', { ext_id: w.ext_id, quantity: 2 }, { 'idempotency-key': k2 });
    expect(replay.status).toBe(409);
    expect(replay.body).toEqual(refused.body);
    expect((await cartOf(s)).body.cart).toHaveLength(1);

    // Keys are per shopper: another visitor's same key is a new mutation.
    const other = shopper(app);
    const theirs = await other.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 1 }, { 'idempotency-key': k });
    expect(theirs.headers['idempotent-replayed']).toBeUndefined();
    expect(theirs.body.cart[0].quantity).toBe(1);
  });

  it('applies concurrent replays of one key once', async () => {
    const v = await freshVariant(app, 20);
    const s = shopper(app);
    await cartOf(s); // the cookie first, so every call is the same visitor
    const k = key();
    const answers = await Promise.all(
      Array.from({ length: 5 }, () => s.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 3 }, { 'idempotency-key': k })),
    );
    expect(answers.every((a) => a.status === 200)).toBe(true);
    expect(new Set(answers.map((a) => a.raw.body)).size).toBe(1);
    expect((await cartOf(s)).body.cart[0].quantity).toBe(3);
  });

  it('refuses a malformed key and a key reused for another call', async () => {
    const v = await freshVariant(app, 10);
    const s = shopper(app);
    let res = await s.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 1 }, { 'idempotency-key': 'short' });
    expect(res.status).toBe(400);
    expect(res.body.status).toBe('error');
    const k = key();
    expect((await s.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 1 }, { 'idempotency-key': k })).status).toBe(200);
    res = await s.call('DELETE', '/api/v2/cart/', undefined, { 'idempotency-key': k });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ status: 'error', message: 'Этот ключ идемпотентности уже использован для другого запроса' });
    expect((await cartOf(s)).body.cart).toHaveLength(1);
  });

  it("keeps a signed-in user's cart by token (header or cookie); a revoked token is a visitor", async () => {
    const v = await freshVariant(app, 10);
    const user = await createUser(app);
    const byHeader = shopper(app, user.token);
    await byHeader.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 2 });
    expect(byHeader.cookies.has('basket')).toBe(false);
    const byCookie = shopper(app);
    byCookie.cookies.set('token', user.token);
    const res = await cartOf(byCookie);
    expect(res.body.cart.map((l: { ext_id: string }) => l.ext_id)).toEqual([v.ext_id]);
    expect(byCookie.cookies.has('basket')).toBe(false);

    await app.db.query('update auth_tokens set revoked_at = now() where key = $1', [user.token]);
    const revoked = shopper(app, user.token);
    expect((await cartOf(revoked)).body.cart).toEqual([]);
    expect(revoked.cookies.has('basket')).toBe(true);
  });

  it("merges a visitor's cart into the user's at login: quantities summed and capped by stock", async () => {
    const shared = await freshVariant(app, 6);
    const onlyVisitor = await freshVariant(app, 4);
    const soldOut = await freshVariant(app, 3);
    const user = await createUser(app);
    const signedIn = shopper(app, user.token);
    await signedIn.call('POST', '/api/v2/cart/', { ext_id: shared.ext_id, quantity: 4 });
    const visitor = shopper(app);
    await visitor.call('POST', '/api/v2/cart/', { ext_id: shared.ext_id, quantity: 3 });
    await visitor.call('POST', '/api/v2/cart/', { ext_id: onlyVisitor.ext_id, quantity: 2 });
    await visitor.call('POST', '/api/v2/cart/', { ext_id: soldOut.ext_id, quantity: 1 });
    await visitor.call('POST', '/api/v2/cart/', { ext_id: 'GC-1000', quantity: 1 });
    await setStock(app, soldOut.ext_id, 0);

    await app.db.transaction((tx) => mergeVisitorCart(tx, visitorKey(visitor), user.id));

    const merged = (await cartOf(signedIn)).body.cart.map((l: { ext_id: string; quantity: number }) => [l.ext_id, l.quantity]);
    expect(merged).toEqual([
      [shared.ext_id, 6],
      [onlyVisitor.ext_id, 2],
      ['GC-1000', 1],
    ]);
    expect((await cartOf(visitor)).body.cart).toEqual([]);
    const [{ n }] = await app.db.query<{ n: number }>('select count(*)::int as n from carts where visitor_key = $1', [visitorKey(visitor)]);
    expect(n).toBe(0);
    // A second merge (nothing left) and a visitor without a cart change nothing.
    await app.db.transaction((tx) => mergeVisitorCart(tx, visitorKey(visitor), user.id));
    await app.db.transaction((tx) => mergeVisitorCart(tx, 'f'.repeat(40), user.id));
    expect((await cartOf(signedIn)).body.cart).toHaveLength(3);
  });

  it('drops stored answers after 30 days', async () => {
    const v = await freshVariant(app, 10);
    const s = shopper(app);
    const oldKey = key();
    const newKey = key();
    await s.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 1 }, { 'idempotency-key': oldKey });
    await s.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 1 }, { 'idempotency-key': newKey });
    await app.db.query(`update idempotency_keys set created_at = now() - interval '31 days' where key = $1`, [oldKey]);
    expect(KEEP.answersDays).toBe(30);
    expect(await dropOldAnswers(app.db, KEEP.answersDays)).toBe(1);
    const left = await app.db.query<{ key: string }>('select key from idempotency_keys where key = any($1::text[])', [[oldKey, newKey]]);
    expect(left.map((r) => r.key)).toEqual([newKey]);
  });

  it('keeps refusals private too', async () => {
    const res = await shopper(app).call('POST', '/api/v2/cart/', { ext_id: 'nope', quantity: 1 });
    expect(res.status).toBe(404);
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
