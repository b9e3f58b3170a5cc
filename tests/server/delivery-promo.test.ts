// Checkout's places, delivery and discounts on every backend: regions and cities searched as one types
// (case, ё = е, 20 at most), delivery options by the region's tariff zone and free from a sum, which methods
// reach a city, promo code rules, and the signed-in shopper's bonus points.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { backends, getJson, startApp } from './harness.ts';
import { BUYER, city, createUser, freshVariant, shopper } from './shop-helpers.ts';

const NBSP = '\u00a0';

describe.each(backends)('places, delivery and discounts on $name', (backend) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(backend);
  });
  afterAll(() => app?.close());

  const regions = (q?: string) =>
    getJson<{ id: number; name: string }[]>(
      app,
      `/api/v1/regions/${q === undefined ? '' : `?data=${encodeURIComponent(JSON.stringify({ q }))}`}`,
    );
  const cities = (data: object) =>
    getJson<{ id: number; name: string; region_id: number; region: string }[]>(
      app,
      `/api/v1/cities/?data=${encodeURIComponent(JSON.stringify(data))}`,
    );
  const post = (url: string, payload: unknown) => shopper(app).call('POST', url, payload);

  it('finds regions by any part of the name, those that start with it first', async () => {
    const { status, body } = await regions('крас');
    expect(status).toBe(200);
    expect(body.map((r) => r.name)).toEqual(['Краснодарский край', 'Красноярский край']);
    expect((await regions('ТАТАР')).body.map((r) => r.name)).toEqual(['Республика Татарстан']);
    expect((await regions('област')).body.length).toBeLessThanOrEqual(20);
    expect((await regions()).body.length).toBeGreaterThan(20); // no text: the whole list for a select
    expect((await regions('%')).body).toEqual([]);
  });

  it('finds cities as one types, ё = е, within a region when asked, at most 20', async () => {
    const soch = await cities({ q: 'соч' });
    expect(soch.body).toEqual([{ id: expect.any(Number), name: 'Сочи', region_id: expect.any(Number), region: 'Краснодарский край' }]);
    expect((await cities({ q: 'королев' })).body.map((c) => c.name)).toEqual(['Королёв']);
    expect((await cities({ q: 'КОРОЛЁВ' })).body.map((c) => c.name)).toEqual(['Королёв']);
    const krasnodar = soch.body[0].region_id;
    const inRegion = await cities({ q: '', region_id: krasnodar });
    expect(inRegion.body.map((c) => c.name)).toEqual(['Анапа', 'Геленджик', 'Краснодар', 'Новороссийск', 'Сочи']);
    expect((await cities({ q: 'ск', region_id: krasnodar })).body.map((c) => c.name)).toEqual(['Новороссийск']);
    // Names that start with the text come before names that only contain it.
    expect((await cities({ q: 'нов' })).body.map((c) => c.name).slice(0, 3)).toEqual(['Новомосковск', 'Новороссийск', 'Новосибирск']);
    expect((await cities({ q: 'а' })).body).toHaveLength(20);
  });

  it('refuses a malformed search without a 500', async () => {
    expect((await getJson(app, '/api/v1/cities/?data=%7Bnot-json')).status).toBe(400);
    expect((await getJson(app, `/api/v1/cities/?data=${encodeURIComponent('{"region_id":"x"}')}`)).status).toBe(400);
    expect((await getJson(app, `/api/v1/regions/?data=${encodeURIComponent('{"q":5}')}`)).status).toBe(400);
  });

  it("prices delivery by the region's zone, free from the zone's sum", async () => {
    const moscow = await city(app, 'Москва'); // zone 1: courier 390 (free from 7000), pickup 250 (5000)
    let res = await post('/api/v1/cdek_calc/', { city_id: moscow.city_id, sum: 3000 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      options: [
        {
          method: 'courier',
          name: 'Курьером до двери',
          price: 390,
          days_min: 1,
          days_max: 2,
          pay_on_receipt_upto: 50000,
          fitting_items_max: 5,
          carrier: null,
        },
        {
          method: 'pickup',
          name: 'В пункт выдачи',
          price: 250,
          days_min: 1,
          days_max: 3,
          pay_on_receipt_upto: 50000,
          fitting_items_max: null,
          carrier: null,
        },
      ],
    });
    res = await post('/api/v1/cdek_calc/', { city_id: moscow.city_id, sum: 5000 });
    expect(res.body.options.map((o: { price: number }) => o.price)).toEqual([390, 0]);
    res = await post('/api/v1/cdek_calc/', { city_id: moscow.city_id, sum: 7000, method: 'courier' });
    expect(res.body.options).toEqual([
      {
        method: 'courier',
        name: 'Курьером до двери',
        price: 0,
        days_min: 1,
        days_max: 2,
        pay_on_receipt_upto: 50000,
        fitting_items_max: 5,
        carrier: null,
      },
    ]);

    const yakutsk = await city(app, 'Якутск'); // zone 5: courier 990 (15000), pickup 590 (12000)
    res = await post('/api/v1/cdek_calc/', { city_id: yakutsk.city_id, sum: 12000 });
    expect(res.body.options.map((o: { price: number; days_max: number }) => [o.price, o.days_max])).toEqual([
      [990, 14],
      [0, 15],
    ]);
    // Far away, a courier takes no money at the door; the pickup point does, up to its sum.
    expect(res.body.options.map((o: { pay_on_receipt_upto: number | null }) => o.pay_on_receipt_upto)).toEqual([null, 20000]);

    expect((await post('/api/v1/cdek_calc/', { city_id: 999999 })).status).toBe(404);
    expect((await post('/api/v1/cdek_calc/', { city_id: 'Москва' })).status).toBe(400);
    expect((await post('/api/v1/cdek_calc/', { city_id: moscow.city_id, method: 'drone' })).status).toBe(400);
    // Ids beyond what the database holds are refused, never a 500.
    expect((await post('/api/v1/cdek_calc/', { city_id: 99_999_999_999 })).status).toBe(400);
    expect((await post('/api/v1/check_delivery/', { city_id: 99_999_999_999 })).status).toBe(400);
    expect((await getJson(app, `/api/v1/cities/?data=${encodeURIComponent('{"region_id":99999999999}')}`)).status).toBe(400);
  });

  it("prices delivery for the shopper's basket when no sum is sent", async () => {
    const v = await freshVariant(app, 10);
    await app.db.query('update products set price = 4000, old_price = null where id = $1', [v.product_id]);
    const s = shopper(app);
    await s.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 2 });
    const res = await s.call('POST', '/api/v1/cdek_calc/', { city_id: (await city(app, 'Москва')).city_id });
    expect(res.body.options.map((o: { price: number }) => o.price)).toEqual([0, 0]); // 8000 ≥ 7000 and 5000
  });

  it('charges no delivery for gift certificates alone, which are mailed, and the usual price once goods join them', async () => {
    const moscow = await city(app, 'Москва'); // pickup 250 below 5000
    const s = shopper(app);
    await s.call('POST', '/api/v2/cart/', { ext_id: 'GC-1000', quantity: 1 });
    const quoted = await s.call('POST', '/api/v1/cdek_calc/', { city_id: moscow.city_id, sum: 1000 });
    expect(quoted.body.options.map((o: { price: number }) => o.price)).toEqual([0, 0]);
    // A certificate's card is mailed once paid: nothing is handed over to pay at, so it is paid online only.
    expect(quoted.body.options.map((o: { pay_on_receipt_upto: number | null }) => o.pay_on_receipt_upto)).toEqual([null, null]);
    const placed = await s.call('POST', '/api/v2/order/', { buyer: BUYER, ...moscow, delivery_method: 'pickup' });
    expect([placed.status, placed.body.total]).toEqual([200, 1000]);

    const mixed = shopper(app);
    const v = await freshVariant(app, 10);
    await app.db.query('update products set price = 1500, old_price = null, active = true where id = $1', [v.product_id]);
    await mixed.call('POST', '/api/v2/cart/', { ext_id: 'GC-1000', quantity: 1 });
    await mixed.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 1 });
    const charged = await mixed.call('POST', '/api/v1/cdek_calc/', { city_id: moscow.city_id, sum: 2500 });
    expect(charged.body.options.map((o: { price: number }) => o.price)).toEqual([390, 250]);
    const order = await mixed.call('POST', '/api/v2/order/', { buyer: BUYER, ...moscow, delivery_method: 'pickup' });
    expect([order.status, order.body.total]).toEqual([200, 2750]);
  });

  it('says which methods reach a city', async () => {
    const res = await post('/api/v1/check_delivery/', { city_id: (await city(app, 'Сочи')).city_id });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ courier: true, pickup: true });
    await app.db.query(`delete from delivery_tariffs where zone = 5 and method = 'courier'`);
    const far = await post('/api/v1/check_delivery/', { city_id: (await city(app, 'Якутск')).city_id });
    expect(far.body).toEqual({ courier: false, pickup: true });
    expect((await post('/api/v1/check_delivery/', { city_id: 999999 })).status).toBe(404);
  });

  it('applies promo codes with their rules and says why one does not apply', async () => {
    let res = await post('/api/v1/promo_code/', { code: ' leto10 ', sum: 4990 });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ code: 'LETO10', discount: 499, message: `Промокод применён: скидка 10% (499${NBSP}₽)` });
    expect(res.headers['cache-control']).toBe('no-store');

    res = await post('/api/v1/promo_code/', { code: 'WELCOME500', sum: 3000 });
    expect(res.body).toMatchObject({ code: 'WELCOME500', discount: 500 });
    res = await post('/api/v1/promo_code/', { code: 'WELCOME500', sum: 2999 });
    expect(res.status).toBe(422);
    expect(res.body).toEqual({ message: `Промокод действует для заказов от 3${NBSP}000${NBSP}₽` });

    res = await post('/api/v1/promo_code/', { code: 'NOSUCHCODE', sum: 5000 });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Промокод не найден' });

    res = await post('/api/v1/promo_code/', { code: 'SALE20', sum: 5000 });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Срок действия промокода истёк');

    await app.db.query(`update promo_codes set used_count = max_uses where code = 'VIP15'`);
    res = await post('/api/v1/promo_code/', { code: 'VIP15', sum: 5000 });
    expect(res.status).toBe(422);
    expect(res.body.message).toBe('Промокод больше не действует: все его использования исчерпаны');

    await app.db.query(`insert into promo_codes (code, kind, value, valid_from) values ('SOON', 'percent', 5, now() + interval '1 day')`);
    res = await post('/api/v1/promo_code/', { code: 'SOON', sum: 5000 });
    expect(res.body.message).toBe('Промокод ещё не действует');
    await app.db.query(`insert into promo_codes (code, kind, value, active) values ('OFF', 'percent', 5, false)`);
    expect((await post('/api/v1/promo_code/', { code: 'OFF', sum: 5000 })).status).toBe(404);

    expect((await post('/api/v1/promo_code/', { code: '' })).status).toBe(400);
  });

  it("checks a promo code against the basket's goods, not the sum sent", async () => {
    const v = await freshVariant(app, 10);
    await app.db.query('update products set price = 1500, old_price = null where id = $1', [v.product_id]);
    const s = shopper(app);
    await s.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 1 });
    await s.call('POST', '/api/v2/cart/', { ext_id: 'GC-3000', quantity: 1 }); // certificates are not discounted
    const res = await s.call('POST', '/api/v1/promo_code/', { code: 'WELCOME500', sum: 100000 });
    expect(res.status).toBe(422);
    const leto = await s.call('POST', '/api/v1/promo_code/', { code: 'LETO10', sum: 100000 });
    expect(leto.body.discount).toBe(150);
  });

  it("answers a signed-in shopper's bonus points and the programme's rules; a visitor has none", async () => {
    const user = await createUser(app);
    await app.db.query(
      `insert into bonus_ledger (user_id, kind, amount, expires_at, created_at) values
         ($1, 'accrual', 300, now() + interval '100 days', now() - interval '10 days'),
         ($1, 'accrual', 200, now() - interval '1 day', now() - interval '366 days'),
         ($1, 'spend', -50, null, now() - interval '5 days')`,
      [user.id],
    );
    const res = await shopper(app, user.token).call('GET', '/api/v1/bonus/');
    expect(res.status).toBe(200);
    // The spend took the oldest points (alive then, expired since): the newer 300 are whole.
    expect(res.body).toEqual({ balance: 300, accrual_percent: 5, max_share_percent: 30, lifetime_days: 365 });
    const visitor = await shopper(app).call('GET', '/api/v1/bonus/');
    expect(visitor.status).toBe(401);
    expect(visitor.body.message).toBe('Войдите, чтобы пользоваться бонусной программой');
  });
});
