// The mailing by double opt-in, on every backend: anyone may ask to subscribe an address, but that only
// mails it a signed link; the subscription starts when the link's page is confirmed (opening it changes
// nothing); a tampered or expired link does nothing. Unsubscribing needs the signed link from a mail or
// the signed-in owner of the address, and asking floods no inbox: requests for one address at once are
// limited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LIMITS } from '../../server/http/rate-limit.ts';
import { MAILING_MESSAGES, mailingLink } from '../../server/accounts/mailing.ts';
import { backends, startApp } from './harness.ts';
import { FORM, shopper } from './shop-helpers.ts';
import { freshContacts, registerUser } from './account-helpers.ts';

describe.each(backends)('the mailing on $name', (backend) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(backend, { PUBLIC_URL: 'http://shop.test' });
  });
  afterAll(() => app?.close());

  const subscribed = async (email: string) =>
    (await app.db.query<{ subscribed: boolean }>('select subscribed from subscriptions where email = $1', [email]))[0]?.subscribed ?? false;
  /** The links of the last confirmation mail to the address, as paths the app answers. */
  const mailedLinks = async (email: string) => {
    const [mail] = await app.db.query<{ body_text: string }>(
      `select body_text from mail_outbox where kind = 'mailing_confirm' and to_addr = $1 order by id desc limit 1`,
      [email],
    );
    const links = (mail?.body_text.match(/http:\/\/shop\.test\S+/g) ?? []).map((l) => l.replace('http://shop.test', ''));
    return { confirm: links.find((l) => l.includes('/mailing/confirm/'))!, cancel: links.find((l) => l.includes('/mailing/cancel/'))! };
  };

  it("asking for someone else's address only mails them a link; the subscription starts when its page is confirmed", async () => {
    const { email } = freshContacts();
    const asked = await shopper(app).call('GET', `/api/v1/subscribe/?email=${encodeURIComponent(email.toUpperCase())}`);
    expect([asked.status, asked.body]).toEqual([200, { message: MAILING_MESSAGES.linkSent(email) }]);
    expect(await subscribed(email)).toBe(false);

    const { confirm } = await mailedLinks(email);
    const page = await shopper(app).call('GET', confirm);
    expect(page.status).toBe(200);
    expect(page.raw.body).toContain('Подписаться');
    expect(await subscribed(email)).toBe(false); // opening the link (a mail scanner) changes nothing
    const done = await shopper(app).call('POST', confirm, '', FORM);
    expect(done.status).toBe(200);
    expect(done.raw.body).toContain(MAILING_MESSAGES.subscribed);
    expect(await subscribed(email)).toBe(true);

    // Asking again while subscribed answers the same and mails nothing.
    const before = await app.db.query(`select 1 from mail_outbox where to_addr = $1`, [email]);
    expect((await shopper(app).call('GET', `/api/v1/subscribe/?email=${encodeURIComponent(email)}`)).body).toEqual({
      message: MAILING_MESSAGES.linkSent(email),
    });
    expect(await app.db.query(`select 1 from mail_outbox where to_addr = $1`, [email])).toHaveLength(before.length);
  });

  it('a tampered or expired link changes nothing', async () => {
    const { email } = freshContacts();
    const victim = freshContacts().email;
    await shopper(app).call('GET', `/api/v1/subscribe/?email=${encodeURIComponent(email)}`);
    const { confirm } = await mailedLinks(email);
    const forged = confirm.replace(encodeURIComponent(email), encodeURIComponent(victim));
    const refused = await shopper(app).call('POST', forged, '', FORM);
    expect(refused.status).toBe(400);
    expect(refused.raw.body).toContain(MAILING_MESSAGES.linkBroken);
    expect(await subscribed(victim)).toBe(false);
    // A deadline edited into the link breaks its signature; a link the shop signed with a passed deadline has expired.
    const edited = confirm.replace(/until=\d+/, `until=${Math.floor(Date.now() / 1000) + 999_999}`);
    expect((await shopper(app).call('POST', edited, '', FORM)).raw.body).toContain(MAILING_MESSAGES.linkBroken);
    const stale = mailingLink(app.signer, app.config.publicUrl, 'confirm', email, Math.floor(Date.now() / 1000) - 10).replace(
      'http://shop.test',
      '',
    );
    const expired = await shopper(app).call('POST', stale, '', FORM);
    expect([expired.status, expired.raw.body.includes(MAILING_MESSAGES.linkExpired)]).toEqual([400, true]);
    expect(await subscribed(email)).toBe(false);
  });

  it('unsubscribing needs the signed link or the signed-in owner', async () => {
    const u = await registerUser(app);
    await app.db.query('insert into subscriptions (email, subscribed) values ($1, true)', [u.email]);
    const anonymous = await shopper(app).call('GET', `/api/v1/unsubscribe/?email=${encodeURIComponent(u.email)}`);
    expect([anonymous.status, anonymous.body]).toEqual([403, { message: MAILING_MESSAGES.unsubscribeHow }]);
    const wrongSig = await shopper(app).call('GET', `/api/v1/unsubscribe/?email=${encodeURIComponent(u.email)}&sig=${'A'.repeat(22)}`);
    expect(wrongSig.status).toBe(403);
    expect(await subscribed(u.email)).toBe(true);
    // Another signed-in user cannot either.
    const other = await registerUser(app);
    expect((await other.user.call('GET', `/api/v1/unsubscribe/?email=${encodeURIComponent(u.email)}`)).status).toBe(403);

    const own = await u.user.call('GET', `/api/v1/unsubscribe/?email=${encodeURIComponent(u.email)}`);
    expect([own.status, own.body]).toEqual([200, { message: MAILING_MESSAGES.unsubscribed }]);
    expect((await u.user.call('GET', '/api/v1/get_user/')).body.subscribed).toBe(false);

    // The link in a confirmation mail unsubscribes (by its page's button).
    const { email } = freshContacts();
    await shopper(app).call('GET', `/api/v1/subscribe/?email=${encodeURIComponent(email)}`);
    const { confirm, cancel } = await mailedLinks(email);
    await shopper(app).call('POST', confirm, '', FORM);
    expect(await subscribed(email)).toBe(true);
    expect((await shopper(app).call('GET', cancel)).raw.body).toContain('Отписаться');
    expect(await subscribed(email)).toBe(true);
    expect((await shopper(app).call('POST', cancel, '', FORM)).raw.body).toContain(MAILING_MESSAGES.unsubscribed);
    expect(await subscribed(email)).toBe(false);
  });

  it('20 requests at once for one address mail it at most the allowed number of times', async () => {
    const { email } = freshContacts();
    const calls = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        shopper(app).call('GET', `/api/v1/subscribe/?email=${encodeURIComponent(email)}`, undefined, {
          'x-forwarded-for': `203.0.113.${i}`,
        }),
      ),
    );
    expect(calls.filter((c) => c.status === 200)).toHaveLength(LIMITS.subscribePerEmail.max);
    expect(calls.filter((c) => c.status === 429)).toHaveLength(20 - LIMITS.subscribePerEmail.max);
    expect(await app.db.query(`select 1 from mail_outbox where to_addr = $1`, [email])).toHaveLength(LIMITS.subscribePerEmail.max);
    expect((await shopper(app).call('GET', '/api/v1/subscribe/?email=nonsense')).status).toBe(400);
  });
});
