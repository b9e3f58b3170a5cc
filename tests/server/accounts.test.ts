// Signing in and out on every backend: registration with the §5 rules and the §8 messages, login (one
// refusal for an unknown user and a wrong password), logout revoking the token, the user as the app reads
// it (never a password or hash), the scrypt hashes stored, and the login rate limit.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { TOO_MANY_MESSAGE, LIMITS } from '../../server/http/rate-limit.ts';
import { PASSWORD, expectNoSecrets, freshContacts, registerUser } from './account-helpers.ts';
import { backends, startApp } from './harness.ts';
import { shopper } from './shop-helpers.ts';

describe.each(backends)('accounts on $name', (backend) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(backend);
  });
  afterAll(() => app?.close());

  const signIn = (body: object) => shopper(app).call('POST', '/api/v1/sign_in/', body);
  const logIn = (username: string, password: string, ip = '10.0.0.1') =>
    shopper(app).call('POST', '/api/v1/auth/', { username, password }, { 'x-forwarded-for': ip });

  it('registers a user with a token, the e-mail lowercased, the name split surname first and the phone as digits', async () => {
    const { email, phone } = freshContacts();
    const res = await signIn({
      name: 'anna',
      full_name: '  Иванова   Анна Сергеевна ',
      email: `  ${email.toUpperCase()} `,
      phone,
      password_one: PASSWORD,
      password_two: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(['token']);
    expect(res.body.token).toMatch(/^[0-9a-f]{40}$/);
    expect(res.headers['cache-control']).toBe('no-store');

    const me = await shopper(app, res.body.token).call('GET', '/api/v1/get_user/');
    expect(me.status).toBe(200);
    expect(me.body).toEqual({
      email,
      phone: `+${phone.replace(/\D/g, '')}`,
      first_name: 'Анна',
      last_name: 'Иванова',
      second_name: 'Сергеевна',
      full_name: 'Иванова Анна Сергеевна',
      subscribed: false,
      has_password: true,
      pending_email: null,
    });
    expectNoSecrets(me.body);
    // POST answers the same user.
    expect((await shopper(app, res.body.token).call('POST', '/api/v1/get_user/', {})).body).toEqual(me.body);

    const [row] = await app.db.query<{ password_hash: string; phone: string }>('select password_hash, phone from users where email = $1', [
      email,
    ]);
    expect(row.phone).toMatch(/^7\d{10}$/);
    expect(row.password_hash).toMatch(/^scrypt\$[0-9a-f]{32}\$[0-9a-f]{128}$/);
    expect(row.password_hash).not.toContain(PASSWORD);
  });

  it('keeps a two-word name without a middle name, and no phone as an empty one', async () => {
    const u = await registerUser(app, { full_name: 'Петров Иван', phone: '' });
    const me = await u.user.call('GET', '/api/v1/get_user/');
    expect(me.body).toMatchObject({ last_name: 'Петров', first_name: 'Иван', second_name: '', full_name: 'Петров Иван', phone: '' });
  });

  it('refuses registration with the §8 messages for a taken e-mail or phone, and a clear message for each rule', async () => {
    const taken = freshContacts();
    await registerUser(app, { email: taken.email, phone: taken.phone });
    const ok = { full_name: 'Сидорова Мария', password_one: PASSWORD, password_two: PASSWORD };
    const cases: [object, string][] = [
      [{ ...ok, email: taken.email.toUpperCase() }, 'Данная почта уже зарегистрирована в системе'],
      [{ ...ok, email: freshContacts().email, phone: taken.phone.replace(/\D/g, '') }, 'Данный номер уже зарегистрирован в системе'],
      [{ ...ok, email: 'not-an-email' }, 'Укажите e-mail в виде name@example.ru'],
      [{ ...ok, email: freshContacts().email, full_name: 'Сидорова' }, 'Укажите фамилию, имя и отчество (минимум 2 слова)'],
      [{ ...ok, email: freshContacts().email, phone: '+7(925)-123' }, 'Укажите номер телефона полностью: +7(###)-###-##-##'],
      [
        { ...ok, email: freshContacts().email, password_one: 'Short1', password_two: 'Short1' },
        'Пароль: минимум 8 символов, 1 заглавная латинская буква и 1 цифра',
      ],
      [
        { ...ok, email: freshContacts().email, password_one: 'Пароль2026x', password_two: 'Пароль2026x' },
        'Пароль: минимум 8 символов, 1 заглавная латинская буква и 1 цифра',
      ],
      [
        { ...ok, email: freshContacts().email, password_one: 'nocapital2026', password_two: 'nocapital2026' },
        'Пароль: минимум 8 символов, 1 заглавная латинская буква и 1 цифра',
      ],
      [
        { ...ok, email: freshContacts().email, password_one: 'NoDigitsHere', password_two: 'NoDigitsHere' },
        'Пароль: минимум 8 символов, 1 заглавная латинская буква и 1 цифра',
      ],
      [{ ...ok, email: freshContacts().email, password_two: 'Morskoy2027' }, 'Пароли не совпадают'],
      [{ full_name: 'Сидорова Мария', email: freshContacts().email }, 'Не заполнено поле «password_one»'],
    ];
    for (const [body, message] of cases) {
      const res = await signIn(body);
      expect(res.status, message).toBe(400);
      expect(res.body).toEqual({ message });
    }
    const [{ n }] = await app.db.query<{ n: number }>(`select count(*)::int as n from users where last_name = 'Сидорова'`);
    expect(n).toBe(0);
  });

  it('logs in by e-mail in any case, and refuses an unknown user and a wrong password with one message', async () => {
    const u = await registerUser(app);
    const res = await logIn(u.email.toUpperCase(), PASSWORD);
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[0-9a-f]{40}$/);
    expect(res.body.token).not.toBe(u.token);
    expect((await shopper(app, res.body.token).call('GET', '/api/v1/get_user/')).body.email).toBe(u.email);

    const message = 'Не удалось войти. Проверьте правильность вводимых логина и пароля';
    for (const [username, password] of [
      [u.email, 'Morskoy2027'],
      [`nobody-${u.email}`, PASSWORD],
      [u.email, PASSWORD.toLowerCase()],
    ]) {
      const refused = await logIn(username, password);
      expect(refused.status).toBe(400);
      expect(refused.body).toEqual({ message });
    }
  });

  it('logs out by revoking the token it was sent with; the other sessions stay', async () => {
    const u = await registerUser(app);
    const second = (await logIn(u.email, PASSWORD)).body.token;
    const out = await u.user.call('POST', '/api/v1/logout/', {});
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: 'Вы вышли из личного кабинета' });
    const after = await u.user.call('GET', '/api/v1/get_user/');
    expect(after.status).toBe(401);
    expect(after.body).toEqual({ message: 'Войдите в личный кабинет' });
    expect((await shopper(app, second).call('GET', '/api/v1/get_user/')).status).toBe(200);
    // The token cookie is honoured, and refused once revoked the same way.
    const byCookie = shopper(app);
    byCookie.cookies.set('token', second);
    expect((await byCookie.call('GET', '/api/v1/get_user/')).status).toBe(200);
    expect((await byCookie.call('POST', '/api/v1/logout/', {})).status).toBe(200);
    expect((await byCookie.call('GET', '/api/v1/get_user/')).status).toBe(401);
    expect((await shopper(app).call('POST', '/api/v1/logout/', {})).status).toBe(401);
  });

  it('never answers a password or a hash from any account call', async () => {
    const { email, phone } = freshContacts();
    const answers = [await signIn({ full_name: 'Орлова Вера', email, phone, password_one: PASSWORD, password_two: PASSWORD })];
    const u = shopper(app, answers[0].body.token);
    answers.push(await logIn(email, PASSWORD));
    for (const [method, url, body] of [
      ['GET', '/api/v1/get_user/'],
      ['POST', '/api/v1/get_user/', {}],
      [
        'PUT',
        '/api/v1/changeinfo/',
        {
          first_name: 'Вера',
          middle_name: '',
          last_name: 'Орлова',
          email,
          password_one: 'Changed2026',
          password_two: 'Changed2026',
          current_password: PASSWORD,
        },
      ],
      ['POST', '/api/v1/user_address/', { city: 'Сочи', street: 'Морская', house: '1' }],
      ['GET', '/api/v1/user_address/'],
      ['GET', '/api/v1/favorites/'],
      ['GET', '/api/v1/bonus/history/'],
      ['GET', '/api/v1/history_order_preview/'],
      ['POST', '/api/v1/reset/', { email }],
      ['GET', `/api/v1/subscribe/?email=${email}`],
      ['POST', '/api/v1/logout/', {}],
    ] as const) {
      const res = await u.call(method, url, body);
      expect(res.status, url).toBe(200);
      answers.push(res);
    }
    for (const res of answers) {
      expectNoSecrets(res.body);
      expectNoSecrets(res.body, 'Changed2026');
    }
  });

  it('answers 401 in Russian to every private call of a visitor', async () => {
    const visitor = shopper(app);
    for (const [method, url, body] of [
      ['GET', '/api/v1/get_user/'],
      ['PUT', '/api/v1/changeinfo/', { first_name: 'А', middle_name: '', last_name: 'Б', email: 'a@b.ru' }],
      ['GET', '/api/v1/user_address/'],
      ['POST', '/api/v1/user_address_delete/', { id: 1 }],
      ['GET', '/api/v1/favorites/'],
      ['PUT', '/api/v1/favorites/', { ids: [1] }],
      ['GET', '/api/v1/bonus/history/'],
      ['GET', '/api/v1/history_order_preview/'],
      ['POST', '/api/v1/history_order_detail/', { pk: 1 }],
    ] as const) {
      const res = await visitor.call(method, url, body);
      expect(res.status, url).toBe(401);
      expect(res.body, url).toEqual({ message: 'Войдите в личный кабинет' });
    }
  });

  it('locks logins out after too many failures per account and per address, never counting successes', async () => {
    const u = await registerUser(app);
    // Many successful logins from one address: never refused.
    for (let i = 0; i < LIMITS.loginPerAddress.max + 5; i++) expect((await logIn(u.email, PASSWORD, '10.1.1.1')).status).toBe(200);

    // Failures against one account from many addresses: the account locks, with a Russian 429.
    const victim = await registerUser(app);
    for (let i = 0; i < LIMITS.loginPerAccount.max; i++) expect((await logIn(victim.email, 'Wrong2026x', `10.2.0.${i}`)).status).toBe(400);
    const locked = await logIn(victim.email, PASSWORD, '10.2.1.1');
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: TOO_MANY_MESSAGE });
    expect(TOO_MANY_MESSAGE).toMatch(/[а-я]/);

    // Failures from one address against many accounts: the address locks, other addresses still log in.
    for (let i = 0; i < LIMITS.loginPerAddress.max; i++)
      expect((await logIn(`guess-${i}@example.ru`, 'Wrong2026x', '10.3.3.3')).status).toBe(400);
    expect((await logIn(u.email, PASSWORD, '10.3.3.3')).status).toBe(429);
    expect((await logIn(u.email, PASSWORD, '10.3.3.4')).status).toBe(200);
  });

  it("forgets an account's failures after a successful login", async () => {
    const u = await registerUser(app);
    for (let round = 0; round < 2; round++) {
      for (let i = 0; i < LIMITS.loginPerAccount.max - 1; i++)
        expect((await logIn(u.email, 'Wrong2026x', `10.4.${round}.${i}`)).status).toBe(400);
      expect((await logIn(u.email, PASSWORD, `10.4.${round}.200`)).status).toBe(200);
    }
  });
});
