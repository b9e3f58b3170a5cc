// Staff by proof, on both engines: an address in STAFF_EMAILS opens the desk only to the account that took the
// invitation mailed to it, signed in by password, with a code from its authenticator (or a recovery code, once).
// Registering the address first, a social sign-in with it, a shopper's token, a desk cookie on another sign-in,
// a code given twice or guessed: no desk. Taking the address out of STAFF_EMAILS ends its desk.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { STAFF_MESSAGES } from '../../server/http/identity.ts';
import { SECOND_FACTOR_MESSAGES } from '../../server/desk/second-factor.ts';
import { INVITATION_MESSAGES } from '../../server/desk/staff-invitations.ts';
import { TOO_MANY_MESSAGE } from '../../server/http/rate-limit.ts';
import { socialProviderEnv, startSocialProvider, type SocialProviderStandIn } from '../support/social-provider.ts';
import { logIn, mailsTo, registerUser } from './account-helpers.ts';
import { backends, startApp } from './harness.ts';
import { createUser, shopper, type Shopper } from './shop-helpers.ts';
import { atDesk, authenticatorCode, invitationTo, staffAtDesk } from './staff-helpers.ts';

const OWNER = 'olga@moreimoda.test';
const SECOND = 'irina@moreimoda.test';
const THIRD = 'maria@moreimoda.test';
const GONE = 'anna@moreimoda.test';
const SOCIAL = 'vera@moreimoda.test';
const LEAVING = 'nina@moreimoda.test';
const STAYING = [OWNER, SECOND, THIRD, GONE, SOCIAL];
const SETTINGS = { PUBLIC_URL: 'https://moreimoda.example' };

describe.each(backends)('staff by proof on $name', (backend) => {
  let app: FastifyInstance;
  let provider: SocialProviderStandIn;
  beforeAll(async () => {
    provider = await startSocialProvider(0);
    app = await startApp(backend, { STAFF_EMAILS: [...STAYING, LEAVING].join(','), ...SETTINGS, ...socialProviderEnv(provider.url) });
    await app.ready();
  });
  afterAll(async () => {
    await app?.close();
    await provider?.close();
  });

  const me = (s: Shopper) => s.call('GET', '/api/manage/me');
  const gate = async (s: Shopper) => (await s.call('GET', '/api/manage/gate')).body;

  it('mails each staff address one invitation link, valid once, and lets nobody else take it', async () => {
    const [mail] = (await mailsTo(app, OWNER)).filter((m) => m.kind === 'staff_invitation');
    expect(mail.subject).toBe('Приглашение на рабочее место менеджера — Море и Мода');
    expect(mail.body_text).toMatch(/https:\/\/moreimoda\.example\/manage\?invitation=[0-9a-f]{40}/);
    // Someone registers the owner's address before the owner does: signed in, the desk still waits for proof.
    const early = await registerUser(app, { email: OWNER });
    expect(await gate(early.user)).toMatchObject({ step: 'invitation', email: OWNER });
    expect(await me(early.user)).toMatchObject({ status: 403, body: { message: STAFF_MESSAGES.needsCode } });
    for (const step of ['/api/manage/second-factor', '/api/manage/open']) {
      const res = await early.user.call('POST', step, step.endsWith('open') ? { code: '123456' } : undefined);
      expect([step, res.status, res.body.message]).toEqual([step, 403, SECOND_FACTOR_MESSAGES.notProven]);
    }
    // A made-up link, and another staff address's real one, are refused.
    const madeUp = await early.user.call('POST', '/api/manage/invitation', { token: 'a'.repeat(40) });
    expect([madeUp.status, madeUp.body.message]).toEqual([400, INVITATION_MESSAGES.unknown]);
    const others = await early.user.call('POST', '/api/manage/invitation', { token: await invitationTo(app, SECOND) });
    expect([others.status, others.body.message]).toEqual([403, INVITATION_MESSAGES.otherAccount]);
    // The owner takes the account back by the address (the reset mail reaches only the mailbox), then the invitation.
    expect((await shopper(app).call('POST', '/api/v1/reset/', { email: OWNER })).status).toBe(200);
    const reset = (await mailsTo(app, OWNER)).find((m) => m.kind === 'reset_link')!;
    const resetToken = /\/reset\/([0-9a-f]+)/.exec(reset.body_text)![1];
    const done = await shopper(app).call('POST', '/api/v1/reset/complite/', {
      token: resetToken,
      password_one: 'Vladelica2026',
      password_two: 'Vladelica2026',
    });
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    const owner = shopper(app, (await logIn(app, OWNER, 'Vladelica2026')).body.token);
    const taken = await owner.call('POST', '/api/manage/invitation', { token: await invitationTo(app, OWNER) });
    expect(taken.body).toMatchObject({ step: 'set-up', email: OWNER });
    // The link is spent: the early account (signed out by the reset anyway) and anyone after get nothing from it.
    const again = await shopper(app, (await registerUser(app)).token).call('POST', '/api/manage/invitation', {
      token: await invitationTo(app, OWNER),
    });
    expect([again.status, again.body.message]).toEqual([400, INVITATION_MESSAGES.used]);
    expect((await me(early.user)).status).toBe(401);
  });

  it('opens the desk only with a code from the authenticator, each code once, wrong ones limited', async () => {
    const at = await staffAtDesk(app, SECOND);
    expect(at.recoveryCodes).toHaveLength(10);
    expect(await me(at.staff)).toMatchObject({ status: 200, body: { email: SECOND } });
    // A new sign-in by password: the address is proven, the desk still asks for the code.
    const login = await anotherSignIn(app, at.id);
    expect(await gate(login)).toMatchObject({ step: 'code' });
    expect(await me(login)).toMatchObject({ status: 403, body: { message: STAFF_MESSAGES.needsCode } });
    const page = await login.call('GET', '/manage', undefined, { accept: 'text/html' });
    expect(page.status).toBe(403);
    // The code that opened the desk at the set-up does not open it again.
    const replay = await login.call('POST', '/api/manage/open', { code: at.setUpCode });
    expect([replay.status, replay.body.message]).toEqual([400, SECOND_FACTOR_MESSAGES.usedCode]);
    const next = await login.call('POST', '/api/manage/open', { code: authenticatorCode(at.secret, 1) });
    expect(next.status, JSON.stringify(next.body)).toBe(200);
    expect(await me(login)).toMatchObject({ status: 200, body: { email: SECOND } });
    // Guessing: wrong codes, sent at once, are refused; past five a quarter-hour (the replayed one above was the
    // first) even a right one waits.
    const guesser = await anotherSignIn(app, at.id);
    const guesses = await Promise.all(
      ['000000', '111111', '222222', '333333', '444444', '555555'].map((code) => guesser.call('POST', '/api/manage/open', { code })),
    );
    expect(guesses.map((g) => g.status).sort()).toEqual([400, 400, 400, 400, 429, 429]);
    const late = await guesser.call('POST', '/api/manage/open', { code: authenticatorCode(at.secret, -1) });
    expect([late.status, late.body.message]).toEqual([429, TOO_MANY_MESSAGE]);
    expect(await me(guesser)).toMatchObject({ status: 403 });
  });

  it('takes each recovery code once', async () => {
    const at = await staffAtDesk(app, THIRD);
    const [code] = at.recoveryCodes;
    expect(code).toMatch(/^[a-z2-9]{5}-[a-z2-9]{5}$/);
    const first = await anotherSignIn(app, at.id);
    const opened = await first.call('POST', '/api/manage/open', { code: code.toUpperCase().replace('-', ' ') });
    expect(opened.body).toMatchObject({ recovery_codes_left: 9, message: 'Рабочее место открыто кодом восстановления. Осталось кодов: 9' });
    expect((await me(first)).status).toBe(200);
    const second = await anotherSignIn(app, at.id);
    const reused = await second.call('POST', '/api/manage/open', { code });
    expect([reused.status, reused.body.message]).toEqual([400, SECOND_FACTOR_MESSAGES.wrongCode]);
    expect((await me(second)).status).toBe(403);
  });

  it("gives no desk to a shopper's token, to a desk cookie on another sign-in, or to a social sign-in", async () => {
    const buyer = await createUser(app);
    const asBuyer = shopper(app, buyer.token);
    expect(await gate(asBuyer)).toMatchObject({ step: 'not-staff' });
    expect(await me(asBuyer)).toMatchObject({ status: 403, body: { message: STAFF_MESSAGES.notStaff } });
    expect((await asBuyer.call('POST', '/api/manage/second-factor')).status).toBe(403);
    // The staff member's open desk: its cookie with the buyer's token, or with another sign-in of the staff member, is nothing.
    const at = await staffAtDesk(app, GONE);
    const desk = at.staff.cookies.get('desk')!;
    const stolen = shopper(app, buyer.token);
    stolen.cookies.set('desk', desk);
    expect(await me(stolen)).toMatchObject({ status: 403, body: { message: STAFF_MESSAGES.notStaff } });
    const otherSignIn = await anotherSignIn(app, at.id);
    otherSignIn.cookies.set('desk', desk);
    expect((await me(otherSignIn)).status).toBe(403);
    expect((await me(anonymousWith(app, desk))).status).toBe(401);
    // A social account whose provider gives the staff address, even with the invitation's link, is asked to sign in by password.
    provider.setNextProfile({ id: '10150000777', first_name: 'Vera', last_name: 'Orlova', email: SOCIAL });
    const social = await shopper(app).call('POST', '/api/auth/facebook', { code: await socialCode(app) });
    expect(social.status).toBe(200);
    const viaSocial = shopper(app, social.body.token);
    expect(await gate(viaSocial)).toMatchObject({ step: 'invitation', email: SOCIAL });
    expect((await viaSocial.call('POST', '/api/manage/invitation', { token: await invitationTo(app, SOCIAL) })).body).toMatchObject({
      step: 'password',
    });
    const setUp = await viaSocial.call('POST', '/api/manage/second-factor');
    expect([setUp.status, setUp.body.message]).toEqual([403, SECOND_FACTOR_MESSAGES.social]);
    expect((await me(viaSocial)).status).toBe(403);
  });

  it('ends the desk of an address taken out of STAFF_EMAILS, and asks for proof again when it is put back', async () => {
    const at = await staffAtDesk(app, LEAVING);
    expect((await me(at.staff)).status).toBe(200);
    // The owner takes the address out and restarts the shop (a second process on the same database).
    const without = await startApp(backend, { STAFF_EMAILS: STAYING.join(','), ...SETTINGS }, { sameDatabaseAs: app });
    try {
      const there = atDesk(without, at);
      expect(await me(there)).toMatchObject({ status: 403, body: { message: STAFF_MESSAGES.notStaff } });
      expect(await gate(there)).toMatchObject({ step: 'not-staff' });
    } finally {
      await without.close();
    }
    // A process still started with the old list opens no desk either: the session went with the address.
    expect(await me(at.staff)).toMatchObject({ status: 403, body: { message: STAFF_MESSAGES.needsCode } });
    const code = await at.staff.call('POST', '/api/manage/open', { code: authenticatorCode(at.secret, 1) });
    expect([code.status, code.body.message]).toEqual([403, SECOND_FACTOR_MESSAGES.notProven]);
    // Put back: a new invitation, and the address is to be proven again.
    const back = await startApp(backend, { STAFF_EMAILS: [...STAYING, LEAVING].join(','), ...SETTINGS }, { sameDatabaseAs: app });
    try {
      await back.ready();
      expect((await mailsTo(app, LEAVING)).filter((m) => m.kind === 'staff_invitation')).toHaveLength(2);
      const there = atDesk(back, at);
      expect(await gate(there)).toMatchObject({ step: 'invitation' });
      expect((await me(there)).status).toBe(403);
    } finally {
      await back.close();
    }
  });
});

/** Another password sign-in of the user (a second device): its own token, no desk cookie. */
async function anotherSignIn(app: FastifyInstance, userId: number): Promise<Shopper> {
  const token = randomBytes(20).toString('hex');
  await app.db.query(`insert into auth_tokens (key, user_id, via) values ($1, $2, 'password')`, [token, userId]);
  return shopper(app, token);
}

function anonymousWith(app: FastifyInstance, desk: string): Shopper {
  const s = shopper(app);
  s.cookies.set('desk', desk);
  return s;
}

async function socialCode(app: FastifyInstance): Promise<string> {
  const list = (await shopper(app).call('GET', '/api/v1/auth/providers/')).body as { provider: string; authorize_url: string }[];
  const entry = list.find((p) => p.provider === 'facebook')!;
  const res = await fetch(`${entry.authorize_url}&state=st-1`, { redirect: 'manual' });
  return new URL(res.headers.get('location')!).searchParams.get('code')!;
}
