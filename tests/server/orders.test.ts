// Placing orders on every backend: /v2/order/ from the server cart in one transaction (prices from the
// catalogue, stock taken under row locks, promo code counted, delivery priced, cart emptied, status
// 'new', the buyer's and the manager's mail queued), the last unit sold once to two concurrent buyers,
// Idempotency-Key, /v1/order/ with a tampered price, a signed-in buyer's data and bonus points, refusals,
// and get_order_info.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { backends, startApp } from './harness.ts';
import { BUYER, city, createUser, freshVariant, key, setStock, shopper, stockOf, type Shopper } from './shop-helpers.ts';

describe.each(backends)('orders on $name', (backend) => {
  let app: FastifyInstance;
  let sochi: { city_id: number; region_id: number };
  let moscow: { city_id: number; region_id: number };
  beforeAll(async () => {
    app = await startApp(backend);
    sochi = await city(app, 'Сочи'); // zone 3: courier 590 free from 10 000, pickup 350 free from 7 000
    moscow = await city(app, 'Москва');
  });
  afterAll(() => app?.close());

  /** A variant at this price and stock. */
  const priced = async (price: number, stock: number) => {
    const v = await freshVariant(app, stock);
    await app.db.query('update products set price = $2, old_price = null, active = true where id = $1', [v.product_id, price]);
    return { ...v, price };
  };
  const order = (s: Shopper, body: object, headers: Record<string, string> = {}, path = '/api/v2/order/') =>
    s.call(
      'POST',
      path,
      { region_id: sochi.region_id, city_id: sochi.city_id, delivery_method: 'courier', address: 'ул. Морская, д. 5', ...body },
      headers,
    );
  const ordersCount = async () => (await app.db.query<{ n: number }>('select count(*)::int as n from orders'))[0].n;
  const cartOf = async (s: Shopper) => (await s.call('GET', '/api/v2/cart/')).body.cart as { ext_id: string; quantity: number }[];

  it('places an order from the server cart in one go: totals, snapshot, stock, promo, status, cart, mail', async () => {
    const a = await priced(3000, 5);
    const b = await priced(1990, 2);
    const s = shopper(app);
    await s.call('POST', '/api/v2/cart/', { ext_id: a.ext_id, quantity: 2 });
    await s.call('POST', '/api/v2/cart/', { ext_id: b.ext_id, quantity: 1 });
    const [{ used_count: usedBefore }] = await app.db.query<{ used_count: number }>(
      `select used_count from promo_codes where code = 'LETO10'`,
    );

    const res = await order(s, { buyer: BUYER, promo_code: 'leto10', comment: 'Позвоните за час' });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    // 7990 of goods, 10% off (799), courier to zone 3 below 10 000: 590.
    expect(res.body).toEqual({
      guid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      number: expect.stringMatching(/^\d{4}-\d{6}$/),
      total: 7781,
      due: 7781,
    });
    expect(res.body.number.startsWith(`${new Date().getUTCFullYear()}-`)).toBe(true);

    const [o] = await app.db.query<Record<string, unknown>>('select * from orders where guid = $1', [res.body.guid]);
    expect(o).toMatchObject({
      user_id: null,
      buyer_fio: BUYER.fio,
      buyer_email: BUYER.email,
      buyer_phone: '+79251234567',
      city_name: 'Сочи',
      address: 'ул. Морская, д. 5',
      delivery_method: 'courier',
      delivery_price: 590,
      items_sum: 7990,
      promo_code: 'LETO10',
      promo_discount: 799,
      bonus_spent: 0,
      total: 7781,
      status: 'new',
      payment_status: 'unpaid',
      comment: 'Позвоните за час',
    });
    const items = await app.db.query<Record<string, unknown>>(
      'select ext_id, name, price, quantity, size, color from order_items where order_id = $1 order by id',
      [o.id],
    );
    expect(items).toEqual([
      { ext_id: a.ext_id, name: a.name, price: 3000, quantity: 2, size: a.size, color: a.color },
      { ext_id: b.ext_id, name: b.name, price: 1990, quantity: 1, size: b.size, color: b.color },
    ]);
    expect(await stockOf(app, a.ext_id)).toBe(3);
    expect(await stockOf(app, b.ext_id)).toBe(1);
    expect(await cartOf(s)).toEqual([]);
    const history = await app.db.query<{ status: string }>('select status from order_status_history where order_id = $1', [o.id]);
    expect(history.map((h) => h.status)).toEqual(['new']);
    const [{ used_count: usedAfter }] = await app.db.query<{ used_count: number }>(
      `select used_count from promo_codes where code = 'LETO10'`,
    );
    expect(usedAfter).toBe(usedBefore + 1);

    // The buyer's confirmation and the manager's new-order notice are in the outbox.
    const mails = await app.db.query<{ kind: string; to_addr: string; subject: string; body_text: string }>(
      `select kind, to_addr, subject, body_text from mail_outbox where body_text like '%' || $1 || '%' order by id`,
      [res.body.guid],
    );
    expect(mails.map((m) => [m.kind, m.to_addr])).toEqual([
      ['order_confirmation', BUYER.email],
      ['manager_new_order', 'manager@moreimoda.ru'],
    ]);
    expect(mails[0].subject).toContain(res.body.number);
    expect(mails[0].body_text).toContain(`/basket/delivery/confirm/${res.body.guid}`);
    expect(mails[0].body_text).toContain(a.name);
    expect(mails[1].subject).toContain(`Новый заказ ${res.body.number}`);
    expect(mails[1].body_text).toContain(BUYER.fio);
    expect(mails[1].body_text).toContain('+79251234567');
    expect(mails[1].body_text).toContain('Позвоните за час');
  });

  it('sells the last unit once when two buyers order it at the same time', async () => {
    const last = await priced(2500, 1);
    const one = shopper(app);
    const two = shopper(app);
    await one.call('POST', '/api/v2/cart/', { ext_id: last.ext_id, quantity: 1 });
    await two.call('POST', '/api/v2/cart/', { ext_id: last.ext_id, quantity: 1 });
    const before = await ordersCount();

    const answers = await Promise.all([
      order(one, { buyer: BUYER }, { 'idempotency-key': key() }),
      order(two, { buyer: BUYER }, { 'idempotency-key': key() }),
    ]);
    expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
    const refused = answers.find((a) => a.status === 409)!;
    expect(refused.body).toEqual({ message: `Товар «${last.name}» (${last.size}) закончился` });
    expect(await stockOf(app, last.ext_id)).toBe(0);
    expect(await ordersCount()).toBe(before + 1);
    // The refused buyer's cart is as it was; the other's is empty.
    const loser = answers[0].status === 409 ? one : two;
    const winner = loser === one ? two : one;
    expect((await cartOf(loser)).map((l) => [l.ext_id, l.quantity])).toEqual([[last.ext_id, 1]]);
    expect(await cartOf(winner)).toEqual([]);
  });

  it('makes one order of the same Idempotency-Key sent twice, or twice at once', async () => {
    const v = await priced(4000, 10);
    const s = shopper(app);
    await s.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 1 });
    const k = key();
    const before = await ordersCount();
    const first = await order(s, { buyer: BUYER }, { 'idempotency-key': k });
    const again = await order(s, { buyer: BUYER }, { 'idempotency-key': k });
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.raw.body).toBe(first.raw.body);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await ordersCount()).toBe(before + 1);
    expect(await stockOf(app, v.ext_id)).toBe(9);

    // Concurrent sends of one key.
    const s2 = shopper(app);
    await s2.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 2 });
    const k2 = key();
    const both = await Promise.all([
      order(s2, { buyer: BUYER }, { 'idempotency-key': k2 }),
      order(s2, { buyer: BUYER }, { 'idempotency-key': k2 }),
    ]);
    expect(both.map((b) => b.status)).toEqual([200, 200]);
    expect(both[0].body.guid).toBe(both[1].body.guid);
    expect(await ordersCount()).toBe(before + 2);
    expect(await stockOf(app, v.ext_id)).toBe(7);

    // Without a key, a resend is a new attempt: the cart is empty now.
    const bare = await order(s2, { buyer: BUYER });
    expect(bare.status).toBe(409);
    expect(bare.body).toEqual({ message: 'Корзина пуста' });
  });

  it('takes the lines of /v1/order/ from the payload only when the cart is empty, and never its prices', async () => {
    const v = await priced(5000, 10);
    const s = shopper(app);
    const res = await order(
      s,
      {
        buyer: BUYER,
        delivery_method: 'pickup',
        items: [
          { ext_id: v.ext_id, quantity: 2, price: 1 },
          { ext_id: v.ext_id, quantity: 1, price: 0 },
        ],
      },
      {},
      '/api/v1/order/',
    );
    expect(res.status).toBe(200);
    // 3 × 5000 = 15 000 (the payload's 1 and 0 ignored), pickup in zone 3 is free from 7 000.
    expect(res.body.total).toBe(15000);
    const items = await app.db.query<{ price: number; quantity: number }>(
      'select i.price, i.quantity from order_items i join orders o on o.id = i.order_id where o.guid = $1',
      [res.body.guid],
    );
    expect(items).toEqual([{ price: 5000, quantity: 3 }]);
    expect(await stockOf(app, v.ext_id)).toBe(7);

    // With lines in the cart, the cart is what is ordered.
    const w = await priced(1000, 10);
    await s.call('POST', '/api/v2/cart/', { ext_id: w.ext_id, quantity: 1 });
    const fromCart = await order(
      s,
      { buyer: BUYER, delivery_method: 'pickup', items: [{ ext_id: v.ext_id, quantity: 5, price: 1 }] },
      {},
      '/api/v1/order/',
    );
    expect(fromCart.body.total).toBe(1000 + 350);
    expect(await stockOf(app, v.ext_id)).toBe(7);

    // /v2/order/ does not read items.
    const v2 = await order(shopper(app), { buyer: BUYER, items: [{ ext_id: v.ext_id, quantity: 1, price: 1 }] });
    expect(v2.status).toBe(409);
    expect(v2.body.message).toBe('Корзина пуста');
    const unknown = await order(shopper(app), { buyer: BUYER, items: [{ ext_id: 'nope', quantity: 1 }] }, {}, '/api/v1/order/');
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('В заказе есть товар, которого нет в каталоге');
  });

  it('refuses what it cannot place, in Russian, leaving the cart and stock as they were', async () => {
    const v = await priced(2000, 4);
    const s = shopper(app);
    await s.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 2 });
    const cases: [object, number, string][] = [
      [{}, 400, 'Укажите ФИО, e-mail и телефон покупателя'],
      [{ buyer: { ...BUYER, email: 'a' } }, 400, 'Укажите e-mail в виде name@example.ru'],
      [{ buyer: { ...BUYER, email: 'anna-at-example.ru' } }, 400, 'Укажите e-mail в виде name@example.ru'],
      [{ buyer: BUYER, address: '' }, 400, 'Укажите улицу, дом и квартиру'],
      [{ buyer: BUYER, region_id: moscow.region_id }, 400, 'Город не относится к выбранному региону'],
      [{ buyer: BUYER, city_id: 999999 }, 400, 'Город не найден'],
      [{ buyer: BUYER, delivery_method: 'post' }, 400, 'Неверное значение поля «delivery_method»'],
      [{ buyer: BUYER, promo_code: 'SALE20' }, 422, 'Срок действия промокода истёк'],
      [{ buyer: BUYER, promo_code: 'NOPE' }, 404, 'Промокод не найден'],
      [{ buyer: BUYER, address_id: 1 }, 400, 'Адрес не найден'],
      [{ buyer: BUYER, city_id: 99_999_999_999 }, 400, 'Неверное значение поля «city_id»'],
    ];
    for (const [body, status, message] of cases) {
      const res = await order(s, body);
      expect([res.status, res.body]).toEqual([status, { message }]);
    }
    const broken = await s.call('POST', '/api/v2/order/', '{"region_id":', { 'content-type': 'application/json' });
    expect(broken.status).toBe(400);

    await setStock(app, v.ext_id, 1);
    const short = await order(s, { buyer: BUYER });
    expect(short.status).toBe(409);
    expect(short.body.message).toBe(`Товара «${v.name}» (${v.size}) осталось только 1 шт.`);
    await app.db.query('update products set active = false where id = $1', [v.product_id]);
    const gone = await order(s, { buyer: BUYER });
    expect(gone.body.message).toBe(`Товар «${v.name}» больше не продаётся`);
    await app.db.query('update products set active = true where id = $1', [v.product_id]);

    expect((await cartOf(s)).map((l) => l.quantity)).toEqual([2]);
    expect(await stockOf(app, v.ext_id)).toBe(1);
  });

  it('stores a refusal under its key: the replay is refused the same way', async () => {
    const v = await priced(2000, 1);
    const s = shopper(app);
    await s.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 1 });
    const k = key();
    const refused = await order(s, { buyer: BUYER, promo_code: 'NOPE' }, { 'idempotency-key': k });
    expect(refused.status).toBe(404);
    const replay = await order(s, { buyer: BUYER }, { 'idempotency-key': k });
    expect(replay.status).toBe(404);
    expect(replay.body).toEqual(refused.body);
    expect((await order(s, { buyer: BUYER }, { 'idempotency-key': key() })).status).toBe(200);
  });

  it("takes a signed-in buyer's data from the account and spends bonus points within 30% of the goods", async () => {
    const user = await createUser(app, {
      email: 'olga@example.ru',
      phone: '79161112233',
      first_name: 'Ольга',
      last_name: 'Петрова',
      second_name: 'Ивановна',
    });
    await app.db.query(
      `insert into bonus_ledger (user_id, kind, amount, expires_at) values ($1, 'accrual', 5000, now() + interval '30 days')`,
      [user.id],
    );
    const v = await priced(6000, 5);
    const s = shopper(app, user.token);
    await s.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 1 });
    const res = await order(s, {
      buyer: { fio: 'Кто-то Другой', email: 'other@example.ru', phone: '+70000000000' },
      bonus: 4000,
      delivery_method: 'pickup',
    });
    expect(res.status).toBe(200);
    // 6000 goods, at most 30% in points: 1800; pickup free from 7000 is not reached: 350.
    expect(res.body.total).toBe(6000 - 1800 + 350);
    const [o] = await app.db.query<Record<string, unknown>>(
      'select user_id, buyer_fio, buyer_email, buyer_phone, bonus_spent from orders where guid = $1',
      [res.body.guid],
    );
    expect(o).toEqual({
      user_id: user.id,
      buyer_fio: 'Петрова Ольга Ивановна',
      buyer_email: 'olga@example.ru',
      buyer_phone: '79161112233',
      bonus_spent: 1800,
    });
    expect((await s.call('GET', '/api/v1/bonus/')).body.balance).toBe(3200);

    // A visitor's bonus request is ignored.
    const visitor = shopper(app);
    await visitor.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 1 });
    const plain = await order(visitor, { buyer: BUYER, bonus: 1000, delivery_method: 'pickup' });
    expect(plain.body.total).toBe(6350);
  });

  it('reads an order back by its guid', async () => {
    const v = await priced(2500, 5);
    const s = shopper(app);
    await s.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 2 });
    await s.call('POST', '/api/v2/cart/', { ext_id: 'GC-1000', quantity: 1 });
    const placed = (await order(s, { buyer: BUYER, promo_code: 'LETO10' })).body;
    const res = await shopper(app).call('POST', '/api/v1/get_order_info/', { guid: placed.guid });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const info = res.body.order_info;
    expect(info).toMatchObject({
      guid: placed.guid,
      number: placed.number,
      status: 'new',
      payment_status: 'unpaid',
      items_sum: 6000,
      delivery_method: 'courier',
      delivery_price: 590,
      discount: 500,
      promo_discount: 500,
      bonus_spent: 0,
      total: 6090,
      gift_card_amount: 0,
      due: 6090,
      city: 'Сочи',
      address: 'ул. Морская, д. 5',
    });
    expect(info.items_json).toEqual([
      {
        name: v.name,
        brand: expect.any(String),
        size: v.size,
        color: v.color,
        image: expect.stringMatching(/^\/media\/p\/[0-9a-f]{24}-2400x3200-[0-9a-f]{6}\/1920\.jpg$/), // a demo photograph
        price: 2500,
        quantity: 2,
      },
      {
        name: 'Подарочный сертификат на 1 000 ₽',
        brand: 'Море и Мода',
        size: '',
        color: '',
        image: '/media/gift/1000.svg',
        price: 1000,
        quantity: 1,
      },
    ]);
    expect(info.history).toEqual([{ status: 'new', status_name: 'Новый', created_at: expect.any(String) }]);
    expect(new Date(info.created_at).getTime()).toBeGreaterThan(Date.now() - 60_000);

    const unknown = await shopper(app).call('POST', '/api/v1/get_order_info/', { guid: '00000000-0000-4000-8000-000000000000' });
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Заказ не найден' });
    expect((await shopper(app).call('POST', '/api/v1/get_order_info/', { guid: 'abc' })).status).toBe(404);
    expect((await shopper(app).call('POST', '/api/v1/get_order_info/', {})).status).toBe(400);
  });
});
