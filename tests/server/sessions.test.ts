// Sessions a script cannot steal and that do not live forever, on every backend: signing in sets the token
// as an HttpOnly, SameSite=Lax cookie (Secure over HTTPS) with a readable `signedIn` hint beside it, and the
// cookie alone signs the calls in (`Authorization: Token` still works for API clients); a token lapses after
// its idle or absolute lifetime (use renews the idle one) and its cookies are then cleared; the profile
// lists the active sessions and can end the others; another site's page cannot change anything, and no API
// call takes a form's body (only the pages behind the shop's own forms do).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SESSION_LIFETIME } from '../../server/sessions/session-lifetime.ts';
import { MESSAGES } from '../../server/http/errors.ts';
import { FOREIGN_ORIGIN_MESSAGE } from '../../server/plugins/same-origin.ts';
import { PASSWORD, registerUser } from './account-helpers.ts';
import { backends, startApp } from './harness.ts';
import { FORM, freshVariant, shopper } from './shop-helpers.ts';

const ANDROID = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

describe.each(backends)('sessions on $name', (backend) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(backend, { PUBLIC_URL: 'https://shop.test' });
  });
  afterAll(() => app?.close());

  /** A browser: cookies only, no Authorization header. */
  const browser = (userAgent = ANDROID) => {
    const s = shopper(app);
    return {
      cookies: s.cookies,
      call: (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, headers: Record<string, string> = {}) =>
        s.call(method, url, payload, { 'user-agent': userAgent, ...headers }),
    };
  };
  const logIn = (b: ReturnType<typeof browser>, email: string, headers: Record<string, string> = {}) =>
    b.call('POST', '/api/v1/auth/', { username: email, password: PASSWORD }, headers);

  it('signing in sets an HttpOnly, SameSite=Lax token cookie and a readable hint; the cookie alone signs calls in', async () => {
    const { email } = await registerUser(app);
    const b = browser();
    const res = await logIn(b, email, { 'x-forwarded-proto': 'https' });
    expect(res.status).toBe(200);
    const token = res.raw.cookies.find((c) => c.name === 'token')!;
    expect(token).toMatchObject({ value: res.body.token, httpOnly: true, sameSite: 'Lax', secure: true, path: '/' });
    expect(token.maxAge).toBe(SESSION_LIFETIME.maxDays * 24 * 60 * 60);
    const hint = res.raw.cookies.find((c) => c.name === 'signedIn')!;
    expect(hint).toMatchObject({ value: '1', sameSite: 'Lax', secure: true });
    expect(hint.httpOnly).toBeFalsy();
    expect((await b.call('GET', '/api/v1/get_user/')).body.email).toBe(email);
    // An API client with the header, no cookie.
    expect((await shopper(app, res.body.token).call('GET', '/api/v1/get_user/')).status).toBe(200);
    // Over plain http the cookie is not Secure.
    expect((await logIn(browser(), email)).raw.cookies.find((c) => c.name === 'token')!.secure).toBeFalsy();

    const out = await b.call('POST', '/api/v1/logout/', {});
    expect(out.status).toBe(200);
    expect(out.raw.cookies.filter((c) => c.name === 'token' || c.name === 'signedIn').map((c) => c.value)).toEqual(['', '']);
    expect((await shopper(app, res.body.token).call('GET', '/api/v1/get_user/')).status).toBe(401);
  });

  it("a token cookie the page of an earlier release wrote becomes the server's HttpOnly cookie with its hint", async () => {
    const u = await registerUser(app);
    const b = browser();
    b.cookies.set('token', u.token);
    const res = await b.call('GET', '/api/v2/cart/');
    expect(res.status).toBe(200);
    expect(res.raw.cookies.find((c) => c.name === 'token')).toMatchObject({ value: u.token, httpOnly: true });
    expect(res.raw.cookies.find((c) => c.name === 'signedIn')).toMatchObject({ value: '1' });
    expect((await b.call('GET', '/api/v2/cart/')).raw.cookies).toHaveLength(0); // once
  });

  it('a token lapses after its idle or absolute lifetime, use renews the idle one, and a dead cookie is cleared', async () => {
    const u = await registerUser(app);
    const setToken = (sql: string) => app.db.query(`update auth_tokens set ${sql} where key = $1`, [u.token]);
    await setToken(`last_used_at = now() - make_interval(days => ${SESSION_LIFETIME.idleDays - 1})`);
    expect((await u.user.call('GET', '/api/v1/get_user/')).status).toBe(200);
    const [{ idle }] = await app.db.query<{ idle: number }>(
      `select extract(epoch from now() - last_used_at)::int as idle from auth_tokens where key = $1`,
      [u.token],
    );
    expect(idle).toBeLessThan(60); // renewed by that use
    await setToken(`last_used_at = now() - make_interval(days => ${SESSION_LIFETIME.idleDays + 1})`);
    expect((await u.user.call('GET', '/api/v1/get_user/')).status).toBe(401);

    const v = await registerUser(app);
    await app.db.query(`update auth_tokens set expires_at = now() - interval '1 minute' where key = $1`, [v.token]);
    const b = browser();
    b.cookies.set('token', v.token);
    b.cookies.set('signedIn', '1');
    const dead = await b.call('GET', '/api/v1/get_user/');
    expect(dead.status).toBe(401);
    expect(dead.raw.cookies.filter((c) => c.name === 'token' || c.name === 'signedIn').map((c) => c.value)).toEqual(['', '']);
  });

  it('the profile lists the active sessions with their devices, and ends the others', async () => {
    const { email } = await registerUser(app);
    const phone = browser(ANDROID);
    const laptop = browser(IPHONE);
    await logIn(phone, email);
    await logIn(laptop, email);
    const list = await phone.call('GET', '/api/v1/sessions/');
    expect(list.status).toBe(200);
    const devices = list.body.map((s: { device: string; current: boolean }) => [s.device, s.current]).sort();
    expect(devices).toEqual(
      [
        ['Chrome 131, Android 14', true],
        ['Safari 17, iOS 17', false],
        ['Неизвестное устройство', false], // the registration, by the test's client
      ].sort(),
    );
    expect(JSON.stringify(list.body)).not.toContain(phone.cookies.get('token'));

    const ended = await phone.call('POST', '/api/v1/sessions/end_others/', {});
    expect([ended.status, ended.body]).toEqual([200, { message: 'Вы вышли на других устройствах (2)' }]);
    expect((await laptop.call('GET', '/api/v1/get_user/')).status).toBe(401);
    expect((await phone.call('GET', '/api/v1/sessions/')).body).toHaveLength(1);
  });

  it("another site's page cannot change anything: a foreign Origin or a cross-site fetch is refused", async () => {
    const { email } = await registerUser(app);
    const b = browser();
    await logIn(b, email);
    const v = await freshVariant(app, 5);
    const foreign: Record<string, string>[] = [
      { origin: 'https://evil.example' },
      { origin: 'null' },
      { 'sec-fetch-site': 'cross-site' },
      { 'sec-fetch-site': 'same-site', origin: 'https://shop.test' },
      { 'sec-fetch-site': 'same-origin', origin: 'https://evil.example' },
    ];
    for (const headers of foreign) {
      const res = await b.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 1 }, headers);
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ message: FOREIGN_ORIGIN_MESSAGE }); // the basket's answers also say status: 'error'

      expect(
        (await b.call('PUT', '/api/v1/changeinfo/', { first_name: 'X', last_name: 'Y', middle_name: '', email }, headers)).status,
      ).toBe(403);
    }
    expect((await b.call('GET', '/api/v2/cart/')).body.cart).toEqual([]);
    // The shop's own pages, and clients without the headers, go on.
    const own: Record<string, string>[] = [
      { origin: 'https://shop.test' },
      { origin: 'http://localhost:80' },
      { 'sec-fetch-site': 'same-origin' },
      // A form of the shop's own pages (they send no referrer, so no origin either).
      { 'sec-fetch-site': 'same-origin', origin: 'null' },
      {},
    ];
    for (const headers of own) {
      const res = await b.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 1 }, headers);
      expect(res.status, JSON.stringify(headers)).toBe(200);
    }
  });

  it('no API call takes a form body, beside the pages that do: a form on another site cannot make one', async () => {
    const { email } = await registerUser(app);
    const b = browser();
    await logIn(b, email);
    for (const [method, url, body] of [
      ['PUT', '/api/v1/changeinfo/', `first_name=X&last_name=Y&middle_name=&email=${encodeURIComponent(email)}`],
      ['POST', '/api/v1/order_payment/', 'guid=00000000-0000-0000-0000-000000000000'],
    ] as const) {
      const res = await b.call(method, url, body, FORM);
      expect([res.status, res.body], url).toEqual([415, { message: MESSAGES.badMediaType }]);
    }
    expect((await b.call('GET', '/api/v1/get_user/')).body).toMatchObject({ first_name: expect.not.stringMatching(/^X$/) });
  });
});
