// A stolen session cannot take the account over, on every backend: a new password or e-mail needs the
// current password (wrong ones limited even when sent at once); a new password ends every other session;
// a new e-mail waits for the link mailed to it while the old address is told, and the account keeps its
// old e-mail until then; a social account without a password cannot set one here.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ACCOUNT_MESSAGES } from '../../server/accounts/account-rules.ts';
import { EMAIL_CHANGE_MESSAGES } from '../../server/accounts/email-change.ts';
import { LIMITS } from '../../server/http/rate-limit.ts';
import { PASSWORD, freshContacts, registerUser, logIn, mailsTo } from './account-helpers.ts';
import { backends, startApp } from './harness.ts';
import { FORM, createUser, shopper } from './shop-helpers.ts';

describe.each(backends)('account takeover on $name', (backend) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(backend, { PUBLIC_URL: 'http://shop.test' });
  });
  afterAll(() => app?.close());

  const profile = (email: string, over: object = {}) => ({
    first_name: 'Анна',
    middle_name: 'Сергеевна',
    last_name: 'Иванова',
    email,
    ...over,
  });
  const NEW = { password_one: 'Newpass2026', password_two: 'Newpass2026' };

  it('a new password needs the current one, and ends every other session but this one', async () => {
    const u = await registerUser(app);
    const phone = await logIn(app, u.email, PASSWORD); // the same account signed in elsewhere
    const elsewhere = shopper(app, phone.body.token);
    expect((await elsewhere.call('GET', '/api/v1/get_user/')).status).toBe(200);

    const without = await u.user.call('PUT', '/api/v1/changeinfo/', profile(u.email, NEW));
    expect([without.status, without.body]).toEqual([400, { message: ACCOUNT_MESSAGES.currentPasswordNeeded }]);
    const wrong = await u.user.call('PUT', '/api/v1/changeinfo/', profile(u.email, { ...NEW, current_password: 'Guess2026' }));
    expect([wrong.status, wrong.body]).toEqual([400, { message: ACCOUNT_MESSAGES.currentPasswordWrong }]);
    expect((await logIn(app, u.email, PASSWORD)).status).toBe(200);

    const changed = await u.user.call('PUT', '/api/v1/changeinfo/', profile(u.email, { ...NEW, current_password: PASSWORD }));
    expect(changed.status).toBe(200);
    expect((await elsewhere.call('GET', '/api/v1/get_user/')).status).toBe(401);
    expect((await u.user.call('GET', '/api/v1/get_user/')).status).toBe(200);
    expect((await logIn(app, u.email, 'Newpass2026')).status).toBe(200);
  });

  it('40 guesses of the current password at once: only the allowed number are checked', async () => {
    const u = await registerUser(app);
    const calls = await Promise.all(
      Array.from({ length: 40 }, (_, i) =>
        u.user.call('PUT', '/api/v1/changeinfo/', profile(u.email, { ...NEW, current_password: `Guess${i}x2026` })),
      ),
    );
    expect(calls.filter((c) => c.status === 400)).toHaveLength(LIMITS.reauthPerAccount.max);
    expect(calls.filter((c) => c.status === 429)).toHaveLength(40 - LIMITS.reauthPerAccount.max);
    expect((await u.user.call('PUT', '/api/v1/changeinfo/', profile(u.email, { ...NEW, current_password: PASSWORD }))).status).toBe(429);
    expect((await logIn(app, u.email, PASSWORD)).status).toBe(200);
  });

  it('a new e-mail needs the current password and waits for the link mailed to it; the old address is told', async () => {
    const u = await registerUser(app);
    const { email: next } = freshContacts();
    const without = await u.user.call('PUT', '/api/v1/changeinfo/', profile(next));
    expect([without.status, without.body]).toEqual([400, { message: ACCOUNT_MESSAGES.currentPasswordNeeded }]);
    expect(await mailsTo(app, next)).toHaveLength(0);

    const asked = await u.user.call('PUT', '/api/v1/changeinfo/', profile(next.toUpperCase(), { current_password: PASSWORD }));
    expect(asked.status).toBe(200);
    expect(asked.body).toMatchObject({ email: u.email, pending_email: next });
    // Until the link is opened, the account is the old address's.
    expect((await logIn(app, next, PASSWORD)).status).toBe(400);
    expect((await logIn(app, u.email, PASSWORD)).status).toBe(200);
    expect((await mailsTo(app, u.email)).map((m) => m.kind)).toContain('email_change_asked');
    const [confirm] = await mailsTo(app, next);
    expect(confirm.kind).toBe('email_change_confirm');
    const link = confirm.body_text.match(/http:\/\/shop\.test(\S+)/)![1]!;

    expect((await shopper(app).call('GET', link)).raw.body).toContain('Подтвердить e-mail');
    expect((await logIn(app, next, PASSWORD)).status).toBe(400); // opening it alone changes nothing
    const done = await shopper(app).call('POST', link, '', FORM);
    expect(done.status).toBe(200);
    expect(done.raw.body).toContain(EMAIL_CHANGE_MESSAGES.done(next));
    expect((await logIn(app, next, PASSWORD)).status).toBe(200);
    expect((await logIn(app, u.email, PASSWORD)).status).toBe(400);
    expect((await mailsTo(app, u.email)).map((m) => m.kind)).toContain('email_changed');
    expect((await u.user.call('GET', '/api/v1/get_user/')).body).toMatchObject({ email: next, pending_email: null });
    // The link works once.
    const again = await shopper(app).call('POST', link, '', FORM);
    expect([again.status, again.raw.body.includes(EMAIL_CHANGE_MESSAGES.used)]).toEqual([400, true]);
    // Opened again, or with a token never issued, the page says so at once and offers no button.
    for (const [opened, message] of [
      [link, EMAIL_CHANGE_MESSAGES.used],
      [link.replace(/[^/]+\/?$/, 'not-a-token/'), EMAIL_CHANGE_MESSAGES.unknown],
    ] as const) {
      const page = await shopper(app).call('GET', opened);
      expect([page.status, page.raw.body.includes(message), page.raw.body.includes('Подтвердить e-mail')]).toEqual([400, true, false]);
    }
  });

  it('a social account without a password cannot set one or change its e-mail with the token alone', async () => {
    const { email } = freshContacts();
    const s = shopper(app, (await createUser(app, { email })).token); // a user without a password
    expect((await s.call('GET', '/api/v1/get_user/')).body).toMatchObject({ has_password: false });
    for (const body of [profile(email, NEW), profile(freshContacts().email)]) {
      const res = await s.call('PUT', '/api/v1/changeinfo/', body);
      expect([res.status, res.body]).toEqual([400, { message: ACCOUNT_MESSAGES.noPasswordYet }]);
    }
    // Names still change.
    expect((await s.call('PUT', '/api/v1/changeinfo/', profile(email, { first_name: 'Пётр' }))).body.full_name).toBe(
      'Иванова Пётр Сергеевна',
    );
  });
});
