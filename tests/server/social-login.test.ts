// Social login (on one engine: the provider's HTTP, none decides it), through the stand-in provider
// (tests/support/social-provider.ts): the enabled providers and their authorize address, the callback page (script
// as a file, opener kept), a new user without e-mail who finishes registration, the same provider account finding
// the same user, the visitor's basket merged, and refusals (bad or used code, provider down, disabled provider) in
// Russian.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { SOCIAL_TEST_CLIENTS, socialProviderEnv, startSocialProvider, type SocialProviderStandIn } from '../support/social-provider.ts';
import { freshContacts, registerUser, withToken } from './account-helpers.ts';
import { oneBackend, startApp } from './harness.ts';
import { freshVariant, shopper } from './shop-helpers.ts';

describe.each(oneBackend)('social login on $name', (backend) => {
  let app: FastifyInstance;
  let provider: SocialProviderStandIn;
  beforeAll(async () => {
    provider = await startSocialProvider(0);
    app = await startApp(backend, { ...socialProviderEnv(provider.url), PUBLIC_URL: 'http://shop.test' });
  });
  afterAll(async () => {
    await app?.close();
    await provider?.close();
  });

  /** What the popup does: open the authorize address with a state and follow it back to our callback. */
  async function authorize(name: 'vk-oauth2' | 'facebook', state = 'st-123'): Promise<{ code: string; callback: URL }> {
    const list = (await shopper(app).call('GET', '/api/v1/auth/providers/')).body as { provider: string; authorize_url: string }[];
    const entry = list.find((p) => p.provider === name)!;
    const res = await fetch(`${entry.authorize_url}&state=${state}`, { redirect: 'manual' });
    expect(res.status).toBe(302);
    const callback = new URL(res.headers.get('location')!);
    return { code: callback.searchParams.get('code')!, callback };
  }
  const userIdOf = async (token: string) =>
    (await app.db.query<{ user_id: number }>('select user_id from auth_tokens where key = $1', [token]))[0].user_id;

  it('lists the enabled providers with an authorize address for our callback', async () => {
    const res = await shopper(app).call('GET', '/api/v1/auth/providers/');
    expect(res.status).toBe(200);
    expect(res.body.map((p: { provider: string; name: string }) => [p.provider, p.name])).toEqual([
      ['vk-oauth2', 'ВКонтакте'],
      ['facebook', 'Facebook'],
    ]);
    const vk = new URL(res.body[0].authorize_url);
    expect(`${vk.origin}${vk.pathname}`).toBe(`${provider.url}/vk/authorize`);
    expect(vk.searchParams.get('client_id')).toBe(SOCIAL_TEST_CLIENTS.vk.id);
    expect(vk.searchParams.get('redirect_uri')).toBe('http://shop.test/api/auth/vk-oauth2/callback');
    expect(vk.searchParams.get('response_type')).toBe('code');
    expect(res.body[0].authorize_url).not.toContain(SOCIAL_TEST_CLIENTS.vk.secret);
    expect(new URL(res.body[1].authorize_url).searchParams.get('redirect_uri')).toBe('http://shop.test/api/auth/facebook/callback');
  });

  it("serves the callback page with its script as a same-origin file, keeping the popup's opener", async () => {
    const { callback } = await authorize('vk-oauth2', 'abc');
    expect(callback.pathname).toBe('/api/auth/vk-oauth2/callback');
    expect(callback.searchParams.get('state')).toBe('abc');
    const page = await app.inject({ method: 'GET', url: `${callback.pathname}${callback.search}` });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cross-origin-opener-policy']).toBe('unsafe-none');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    const scripts = [...page.body.matchAll(/<script([^>]*)>([\s\S]*?)<\/script>/g)];
    expect(scripts).toHaveLength(1);
    expect(scripts[0][1]).toContain('src="../callback.js"');
    expect(scripts[0][2]).toBe('');
    const script = await app.inject({ method: 'GET', url: new URL('../callback.js', `http://x${callback.pathname}`).pathname });
    expect(script.statusCode).toBe(200);
    expect(script.headers['content-type']).toMatch(/^text\/javascript/);
    expect(script.body).toContain("type: 'social-login'");
    expect(script.body).toContain('postMessage(message, location.origin)');
    expect(script.body).toMatch(/Не удалось завершить вход/);
    // The shop's own pages let their popups keep the opener too.
    const api = await app.inject({ method: 'GET', url: '/api/v1/auth/providers/' });
    expect(api.headers['cross-origin-opener-policy']).toBe('same-origin-allow-popups');
    expect((await app.inject({ method: 'GET', url: '/api/auth/nowhere/callback?code=1' })).statusCode).toBe(404);
  });

  it('makes a new user without e-mail, who finishes registration; the same provider account finds the same user', async () => {
    const { code } = await authorize('vk-oauth2');
    provider.setNextProfile({ id: 777001, first_name: 'Ирина', last_name: 'Котова' });
    const { code: second } = await authorize('vk-oauth2');
    provider.setNextProfile({ id: 777001, first_name: 'Ирина', last_name: 'Котова' });
    const { code: third } = await authorize('vk-oauth2');

    const res = await shopper(app).call('POST', '/api/auth/vk-oauth2', {
      code,
      redirect_uri: 'http://shop.test/api/auth/vk-oauth2/callback',
    });
    expect(res.status).toBe(200);
    expect(res.body.token).toMatch(/^[0-9a-f]{40}$/);
    const me = await shopper(app, res.body.token).call('GET', '/api/v1/get_user/');
    expect(me.body).toMatchObject({ email: null, first_name: 'Мария', last_name: 'Соколова' });

    const irina = await shopper(app).call('POST', '/api/auth/vk-oauth2', { code: second });
    const again = await shopper(app).call('POST', '/api/auth/vk-oauth2', { code: third });
    expect(await userIdOf(again.body.token)).toBe(await userIdOf(irina.body.token));
    expect(await userIdOf(irina.body.token)).not.toBe(await userIdOf(res.body.token));

    // Finishing registration: e-mail, names and a password; then the password logs in too.
    const { email } = freshContacts();
    const done = await shopper(app, irina.body.token).call('PUT', '/api/v1/changeinfo/', {
      first_name: 'Ирина',
      middle_name: 'Олеговна',
      last_name: 'Котова',
      email,
      password_one: 'Social2026',
      password_two: 'Social2026',
    });
    expect(done.status).toBe(200);
    expect(done.body).toMatchObject({ email, full_name: 'Котова Ирина Олеговна' });
    expect((await shopper(app).call('POST', '/api/v1/auth/', { username: email, password: 'Social2026' })).status).toBe(200);
  });

  it('makes one user when the same provider account signs in twice at once', async () => {
    const profile = { id: 777555, first_name: 'Пётр', last_name: 'Ершов' };
    provider.setNextProfile(profile);
    const a = (await authorize('vk-oauth2')).code;
    provider.setNextProfile(profile);
    const b = (await authorize('vk-oauth2')).code;
    const [ra, rb] = await Promise.all([a, b].map((code) => shopper(app).call('POST', '/api/auth/vk-oauth2', { code })));
    expect([ra.status, rb.status]).toEqual([200, 200]);
    expect(await userIdOf(ra.body.token)).toBe(await userIdOf(rb.body.token));
    const [{ n }] = await app.db.query<{ n: number }>(
      `select count(*)::int as n from social_accounts where provider = 'vk-oauth2' and provider_uid = '777555'`,
    );
    expect(n).toBe(1);
  });

  it("takes Facebook's e-mail when it is free, and never joins an existing account by e-mail", async () => {
    const free = freshContacts().email;
    provider.setNextProfile({ id: '10150000001', first_name: 'Olga', last_name: 'Petrova', email: free.toUpperCase() });
    let res = await shopper(app).call('POST', '/api/auth/facebook', { code: (await authorize('facebook')).code });
    expect(res.status).toBe(200);
    expect((await shopper(app, res.body.token).call('GET', '/api/v1/get_user/')).body).toMatchObject({ email: free, first_name: 'Olga' });

    const existing = await registerUser(app);
    provider.setNextProfile({ id: '10150000002', first_name: 'Ева', last_name: 'Лис', email: existing.email });
    res = await shopper(app).call('POST', '/api/auth/facebook', { code: (await authorize('facebook')).code });
    expect(res.status).toBe(200);
    expect((await shopper(app, res.body.token).call('GET', '/api/v1/get_user/')).body.email).toBeNull();
    expect(await userIdOf(res.body.token)).not.toBe(await userIdOf(existing.token));
  });

  it("merges the visitor's basket at social login", async () => {
    const v = await freshVariant(app, 5);
    const visitor = shopper(app);
    await visitor.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 2 });
    const res = await visitor.call('POST', '/api/auth/vk-oauth2', { code: (await authorize('vk-oauth2')).code });
    expect(res.status).toBe(200);
    const cart = (await withToken(app, visitor, res.body.token).call('GET', '/api/v2/cart/')).body.cart;
    expect(cart.map((l: { ext_id: string; quantity: number }) => [l.ext_id, l.quantity])).toEqual([[v.ext_id, 2]]);
  });

  it('refuses a bad or used code and a disabled provider in Russian, making no user', async () => {
    const [{ n: before }] = await app.db.query<{ n: number }>('select count(*)::int as n from users');
    let res = await shopper(app).call('POST', '/api/auth/vk-oauth2', { code: 'made-up' });
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Не удалось войти через ВКонтакте. Попробуйте ещё раз' });
    res = await shopper(app).call('POST', '/api/auth/facebook', { code: 'made-up' });
    expect(res.body).toEqual({ message: 'Не удалось войти через Facebook. Попробуйте ещё раз' });

    const { code } = await authorize('vk-oauth2');
    expect((await shopper(app).call('POST', '/api/auth/vk-oauth2', { code })).status).toBe(200);
    expect((await shopper(app).call('POST', '/api/auth/vk-oauth2', { code })).status).toBe(400);
    // A VK code is no Facebook code.
    expect((await shopper(app).call('POST', '/api/auth/facebook', { code: (await authorize('vk-oauth2')).code })).status).toBe(400);

    res = await shopper(app).call('POST', '/api/auth/instagram', { code: 'x' });
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: 'Вход через этот сервис недоступен' });
    expect((await shopper(app).call('POST', '/api/auth/vk-oauth2', {})).status).toBe(400);
    const [{ n: after }] = await app.db.query<{ n: number }>('select count(*)::int as n from users');
    expect(after).toBe(before + 1);
  });

  it('answers 502 in Russian when the provider does not answer, and lists no provider without a secret', async () => {
    // A port nothing listens on any more.
    const closed = await startSocialProvider(0);
    await closed.close();
    const down = await startApp(backend, {
      ...socialProviderEnv(provider.url),
      VK_TOKEN_URL: `${closed.url}/vk/access_token`,
      FACEBOOK_CLIENT_SECRET: '',
    });
    try {
      const res = await shopper(down).call('POST', '/api/auth/vk-oauth2', { code: 'abc' });
      expect(res.status).toBe(502);
      expect(res.body).toEqual({ message: 'ВКонтакте не отвечает. Попробуйте войти позже' });
      const list = await shopper(down).call('GET', '/api/v1/auth/providers/');
      expect(list.body.map((p: { provider: string }) => p.provider)).toEqual(['vk-oauth2']);
      expect((await shopper(down).call('POST', '/api/auth/facebook', { code: 'abc' })).status).toBe(404);
    } finally {
      await down.close();
    }
  });
});
