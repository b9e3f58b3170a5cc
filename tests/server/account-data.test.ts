// The signed-in user's own data on every backend: the profile change (unique e-mail and phone with the §8
// messages, a new password, finishing a social sign-up), saved addresses (one default), favourites, the
// bonus ledger and the order history, and that user B can neither read nor change any of user A's.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { PASSWORD, expectNoSecrets, freshContacts, registerUser, logIn } from './account-helpers.ts';
import { backends, startApp } from './harness.ts';
import { BUYER, city, freshVariant, shopper, type Shopper } from './shop-helpers.ts';

describe.each(backends)('account data on $name', (backend) => {
  let app: FastifyInstance;
  let sochi: { city_id: number; region_id: number };
  beforeAll(async () => {
    app = await startApp(backend);
    sochi = await city(app, 'Сочи');
  });
  afterAll(() => app?.close());

  const profile = (over: object = {}) => ({ first_name: 'Анна', middle_name: 'Сергеевна', last_name: 'Иванова', ...over });

  it('changes names and phone at once, and the password only when both are given and follow the rules', async () => {
    const u = await registerUser(app);
    const next = freshContacts();
    let res = await u.user.call(
      'PUT',
      '/api/v1/changeinfo/',
      profile({ first_name: 'Анастасия', last_name: 'Орлова', middle_name: '', email: u.email.toUpperCase(), phone: next.phone }),
    );
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: u.email,
      phone: `+${next.phone.replace(/\D/g, '')}`,
      full_name: 'Орлова Анастасия',
      second_name: '',
      pending_email: null,
    });
    expectNoSecrets(res.body);

    // Leaving the phone out keeps it; an empty one removes it.
    res = await u.user.call('PUT', '/api/v1/changeinfo/', profile({ email: u.email }));
    expect(res.body.phone).toBe(`+${next.phone.replace(/\D/g, '')}`);
    res = await u.user.call('PUT', '/api/v1/changeinfo/', profile({ email: u.email, phone: '' }));
    expect(res.body.phone).toBe('');

    for (const [over, message] of [
      [{ password_one: 'Newpass2026', password_two: 'Newpass2027' }, 'Пароли не совпадают'],
      [{ password_one: 'newpass2026', password_two: 'newpass2026' }, 'Пароль: минимум 8 символов, 1 заглавная латинская буква и 1 цифра'],
      [{ password_one: 'Newpass2026' }, 'Пароли не совпадают'],
      [{ first_name: ' ' }, 'Укажите имя'],
      [{ phone: '+7(999)' }, 'Укажите номер телефона полностью: +7(###)-###-##-##'],
    ] as const) {
      res = await u.user.call('PUT', '/api/v1/changeinfo/', profile({ email: u.email, current_password: PASSWORD, ...over }));
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
    }
    expect((await logIn(app, u.email, PASSWORD)).status).toBe(200);

    res = await u.user.call(
      'PUT',
      '/api/v1/changeinfo/',
      profile({ email: u.email, password_one: 'Newpass2026', password_two: 'Newpass2026', current_password: PASSWORD }),
    );
    expect(res.status).toBe(200);
    expectNoSecrets(res.body, 'Newpass2026');
    expect((await logIn(app, u.email, PASSWORD)).status).toBe(400);
    expect((await logIn(app, u.email, 'Newpass2026')).status).toBe(200);
  });

  it("refuses another user's e-mail or phone with the §8 messages", async () => {
    const other = freshContacts();
    await registerUser(app, { email: other.email, phone: other.phone });
    const u = await registerUser(app);
    let res = await u.user.call('PUT', '/api/v1/changeinfo/', profile({ email: other.email, current_password: PASSWORD }));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Данная почта уже зарегистрирована в системе' });
    res = await u.user.call('PUT', '/api/v1/changeinfo/', profile({ email: u.email, phone: other.phone }));
    expect(res.body).toEqual({ message: 'Данный номер уже зарегистрирован в системе' });
    expect((await u.user.call('GET', '/api/v1/get_user/')).body.email).toBe(u.email);
  });

  it('finishes the registration of a user without e-mail or password: e-mail, names and a password', async () => {
    const [{ id }] = await app.db.query<{ id: number }>(`insert into users (first_name, last_name) values ('Иван', 'Петров') returning id`);
    const token = 'f'.repeat(8) + id.toString().padStart(32, '0');
    await app.db.query('insert into auth_tokens (key, user_id) values ($1, $2)', [token, id]);
    const s = shopper(app, token);
    expect((await s.call('GET', '/api/v1/get_user/')).body).toMatchObject({ email: null, phone: '', full_name: 'Петров Иван' });
    const { email } = freshContacts();
    const res = await s.call('PUT', '/api/v1/changeinfo/', {
      first_name: 'Иван',
      middle_name: 'Ильич',
      last_name: 'Петров',
      email,
      password_one: 'Finish2026',
      password_two: 'Finish2026',
    });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ email, full_name: 'Петров Иван Ильич' });
    expect((await logIn(app, email, 'Finish2026')).status).toBe(200);
  });

  it("keeps addresses per user with one default at most; another user's id is not found", async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    const home = {
      region_id: sochi.region_id,
      city_id: sochi.city_id,
      city: 'Сочи',
      street: 'ул. Морская',
      house: '5',
      flat: '12',
      postcode: '354000',
    };
    let res = await a.user.call('POST', '/api/v1/user_address/', home);
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: expect.any(Number), ...home, comment: '', is_default: true }]);
    const first = res.body[0].id;
    res = await a.user.call('POST', '/api/v1/user_address/', { city: 'Москва', street: 'Тверская', house: '1', is_default: true });
    expect(res.body.map((x: { city: string; is_default: boolean }) => [x.city, x.is_default])).toEqual([
      ['Москва', true],
      ['Сочи', false],
    ]);
    const second = res.body[0].id;
    res = await a.user.call('PUT', '/api/v1/user_address/', { ...home, id: first, house: '7', is_default: true });
    expect(res.body.map((x: { house: string; is_default: boolean }) => [x.house, x.is_default])).toEqual([
      ['7', true],
      ['1', false],
    ]);
    // Leaving is_default out keeps the mark.
    res = await a.user.call('PUT', '/api/v1/user_address/', { ...home, id: first, house: '9' });
    expect(res.body.filter((x: { is_default: boolean }) => x.is_default).map((x: { id: number }) => x.id)).toEqual([first]);

    // B sees none of A's, and cannot change or delete them.
    expect((await b.user.call('GET', '/api/v1/user_address/')).body).toEqual([]);
    res = await b.user.call('PUT', '/api/v1/user_address/', { ...home, id: first, street: 'Чужая' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Адрес не найден' });
    res = await b.user.call('POST', '/api/v1/user_address_delete/', { id: second });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Адрес не найден' });
    expect((await a.user.call('GET', '/api/v1/user_address/')).body.map((x: { id: number; street: string }) => [x.id, x.street])).toEqual([
      [first, 'ул. Морская'],
      [second, 'Тверская'],
    ]);

    res = await a.user.call('POST', '/api/v1/user_address_delete/', { id: second });
    expect(res.body.map((x: { id: number }) => x.id)).toEqual([first]);
    // Bad input is refused in Russian, never a 500.
    for (const body of [
      { city: '', street: 'x', house: '1' },
      { id: first, city: 'Сочи', street: 'x', house: '1', region_id: 2_000_000 },
      { city: 'Сочи', street: 'x' },
    ]) {
      res = await a.user.call('PUT', '/api/v1/user_address/', body);
      expect(res.status).toBe(400);
      expect(res.body.message).toMatch(/[А-Яа-я]/);
    }
  });

  it("keeps favourites per user: add as a union of existing products, replace, and never another's", async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    const [p1, p2, p3] = await Promise.all([freshVariant(app, 1), freshVariant(app, 1), freshVariant(app, 1)]).then((v) =>
      v.map((x) => x.product_id),
    );
    let res = await a.user.call('POST', '/api/v1/favorites/', { ids: [p2, p1, 2_000_000_000] });
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ids: [p2, p1] });
    res = await a.user.call('POST', '/api/v1/favorites/', { ids: [p1, p3] });
    expect(res.body).toEqual({ ids: [p2, p1, p3] });
    // Same ids as POST /v1/offers_list/ takes.
    const offers = await shopper(app).call('POST', '/api/v1/offers_list/', { ext_id: res.body.ids });
    expect(offers.body.excluded).toEqual([]);
    expect(offers.body.response).toHaveLength(3);

    expect((await b.user.call('GET', '/api/v1/favorites/')).body).toEqual({ ids: [] });
    await b.user.call('PUT', '/api/v1/favorites/', { ids: [p3] });
    expect((await a.user.call('GET', '/api/v1/favorites/')).body).toEqual({ ids: [p2, p1, p3] });
    res = await a.user.call('PUT', '/api/v1/favorites/', { ids: [p3] });
    expect(res.body).toEqual({ ids: [p3] });
    res = await a.user.call('PUT', '/api/v1/favorites/', { ids: [] });
    expect(res.body).toEqual({ ids: [] });
    expect((await b.user.call('GET', '/api/v1/favorites/')).body).toEqual({ ids: [p3] });
    expect((await a.user.call('PUT', '/api/v1/favorites/', { ids: ['x'] })).status).toBe(400);
  });

  /** An order of the shopper's basket with one unit of a fresh variant. */
  const placeOrder = async (s: Shopper) => {
    const v = await freshVariant(app, 5);
    await s.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 2 });
    const res = await s.call('POST', '/api/v2/order/', {
      region_id: sochi.region_id,
      city_id: sochi.city_id,
      delivery_method: 'pickup',
      address: 'ул. Морская, 5',
      buyer: BUYER,
    });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    return res.body as { guid: string; number: string; total: number };
  };

  it("lists the user's orders newest first and shows one only to its owner", async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    const first = await placeOrder(a.user);
    const second = await placeOrder(a.user);
    await placeOrder(shopper(app)); // a visitor's order is no one's history

    const list = await a.user.call('GET', '/api/v1/history_order_preview/');
    expect(list.status).toBe(200);
    expect(list.headers['cache-control']).toBe('no-store');
    expect(list.body.map((o: { number: string }) => o.number)).toEqual([second.number, first.number]);
    expect(list.body[0]).toEqual({
      pk: expect.any(Number),
      number: second.number,
      created_at: expect.any(String),
      status: 'new',
      status_name: 'Новый',
      total: second.total,
      count: 2,
    });
    expect((await b.user.call('GET', '/api/v1/history_order_preview/')).body).toEqual([]);

    const pk = list.body[1].pk;
    const detail = await a.user.call('POST', '/api/v1/history_order_detail/', { pk });
    expect(detail.status).toBe(200);
    expect(detail.body).toMatchObject({ pk, order_info: { guid: first.guid, number: first.number, total: first.total } });
    expect(detail.body.order_info.items_json).toHaveLength(1);
    expect(detail.body.history.map((h: { status: string }) => h.status)).toEqual(['new']);

    const foreign = await b.user.call('POST', '/api/v1/history_order_detail/', { pk });
    expect(foreign.status).toBe(404);
    expect(foreign.body.message).toMatch(/[А-Яа-я]/);
    expect((await a.user.call('POST', '/api/v1/history_order_detail/', { pk: 2_000_000_000 })).status).toBe(404);
    expect((await a.user.call('POST', '/api/v1/history_order_detail/', { pk: 'x' })).status).toBe(400);
  });

  it("lists the user's bonus ledger newest first with each entry's order number, and nobody else's", async () => {
    const a = await registerUser(app);
    const b = await registerUser(app);
    const order = await placeOrder(a.user);
    const [{ id: orderId }] = await app.db.query<{ id: number }>('select id from orders where guid = $1', [order.guid]);
    const [aId, bId] = await Promise.all(
      [a, b].map(async (u) => (await app.db.query<{ id: number }>('select id from users where email = $1', [u.email]))[0].id),
    );
    await app.db.query(
      `insert into bonus_ledger (user_id, order_id, kind, amount, expires_at, created_at) values
         ($1, null, 'welcome', 500, now() + interval '30 days', now() - interval '2 days'),
         ($1, $3, 'accrual', 120, now() + interval '60 days', now() - interval '1 day'),
         ($2, null, 'welcome', 999, null, now())`,
      [aId, bId, orderId],
    );
    const res = await a.user.call('GET', '/api/v1/bonus/history/');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([
      {
        id: expect.any(Number),
        kind: 'accrual',
        amount: 120,
        created_at: expect.any(String),
        expires_at: expect.any(String),
        order_number: order.number,
      },
      {
        id: expect.any(Number),
        kind: 'welcome',
        amount: 500,
        created_at: expect.any(String),
        expires_at: expect.any(String),
        order_number: null,
      },
    ]);
    expect((await b.user.call('GET', '/api/v1/bonus/history/')).body.map((e: { amount: number }) => e.amount)).toEqual([999]);
  });
});
