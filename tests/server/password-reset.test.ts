// Password reset on every backend: the request mails a single-use link (kind reset_link, the public URL) or
// refuses an unknown e-mail with the §8 message; the link sets a new password once, signs the user out
// everywhere, and is refused when used or expired; requests are rate limited per account and per address.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { LIMITS, TOO_MANY_MESSAGE } from '../../server/http/rate-limit.ts';
import { RESET_TTL_S } from '../../server/accounts/password-reset.ts';
import { PASSWORD, registerUser, logIn, mailsTo } from './account-helpers.ts';
import { backends, startApp } from './harness.ts';
import { shopper } from './shop-helpers.ts';

describe.each(backends)('password reset on $name', (backend) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(backend);
  });
  afterAll(() => app?.close());

  let ipSeq = 0;
  const ask = (email: string, ip = `10.9.0.${++ipSeq}`) =>
    shopper(app).call('POST', '/api/v1/reset/', { email }, { 'x-forwarded-for': ip });
  const complete = (token: string, one = 'Renewed2026', two = one) =>
    shopper(app).call('POST', '/api/v1/reset/complite/', { password_one: one, password_two: two, token });
  const linkIn = (text: string) => /\/reset\/([0-9a-f]{40})\b/.exec(text)?.[1] ?? '';

  it('mails a reset link with the public address, and refuses an unknown e-mail with the §8 message', async () => {
    const u = await registerUser(app);
    const res = await ask(u.email.toUpperCase());
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ message: 'Ссылка для восстановления пароля отправлена на вашу почту' });
    const [mail] = await mailsTo(app, u.email);
    expect(mail.kind).toBe('reset_link');
    expect(mail.subject).toMatch(/пароля/);
    const token = linkIn(mail.body_text);
    expect(mail.body_text).toContain(`${app.config.publicUrl}/reset/${token}`);
    const [row] = await app.db.query<{ ttl: number }>(
      'select extract(epoch from expires_at - now())::int as ttl from password_reset_tokens where token = $1',
      [token],
    );
    expect(row.ttl).toBeGreaterThan(RESET_TTL_S - 60);
    expect(row.ttl).toBeLessThanOrEqual(RESET_TTL_S);

    const unknown = await ask(`nobody-${u.email}`);
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Не удалось Найти пользователя. Проверьте правильность вводимого логина' });
    expect(await mailsTo(app, `nobody-${u.email}`)).toEqual([]);
  });

  it('sets the new password once, signs the user out everywhere, and refuses the used link', async () => {
    const u = await registerUser(app);
    await ask(u.email);
    const token = linkIn((await mailsTo(app, u.email))[0].body_text);

    // The final rules: Latin capital, digit, 8 characters, the repeat.
    for (const [one, two, message] of [
      ['Пароль2026x', 'Пароль2026x', 'Пароль: минимум 8 символов, 1 заглавная латинская буква и 1 цифра'],
      ['Renewed2026', 'Renewed2027', 'Пароли не совпадают'],
    ]) {
      const res = await complete(token, one, two);
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message });
    }

    const done = await complete(token);
    expect(done.status).toBe(200);
    expect(done.body).toEqual({ message: 'Пароль изменён. Войдите с новым паролем' });
    expect((await u.user.call('GET', '/api/v1/get_user/')).status).toBe(401);
    expect((await logIn(app, u.email, PASSWORD)).status).toBe(400);
    expect((await logIn(app, u.email, 'Renewed2026')).status).toBe(200);

    const again = await complete(token, 'Another2026');
    expect(again.status).toBe(400);
    expect(again.body).toEqual({ message: 'Эта ссылка уже использована. Запросите восстановление пароля ещё раз' });
    expect((await logIn(app, u.email, 'Another2026')).status).toBe(400);
  });

  it('refuses an expired or unknown link and changes nothing', async () => {
    const u = await registerUser(app);
    await ask(u.email);
    const token = linkIn((await mailsTo(app, u.email))[0].body_text);
    await app.db.query(`update password_reset_tokens set expires_at = now() - interval '1 second' where token = $1`, [token]);
    let res = await complete(token);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Срок действия ссылки истёк. Запросите восстановление пароля ещё раз' });
    res = await complete('0'.repeat(40));
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message: 'Ссылка для смены пароля недействительна. Запросите восстановление пароля ещё раз' });
    expect((await logIn(app, u.email, PASSWORD)).status).toBe(200);
    expect((await u.user.call('GET', '/api/v1/get_user/')).status).toBe(200);
  });

  it('limits reset requests per account and per address with a Russian 429', async () => {
    const u = await registerUser(app);
    for (let i = 0; i < LIMITS.resetPerAccount.max; i++) expect((await ask(u.email)).status).toBe(200);
    const refused = await ask(u.email);
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ message: TOO_MANY_MESSAGE });
    expect(await mailsTo(app, u.email)).toHaveLength(LIMITS.resetPerAccount.max);

    const others = await Promise.all(Array.from({ length: LIMITS.resetPerAddress.max + 1 }, () => registerUser(app)));
    const answers = [];
    for (const o of others) answers.push((await ask(o.email, '10.8.8.8')).status);
    expect(answers).toEqual([...Array(LIMITS.resetPerAddress.max).fill(200), 429]);
    expect((await ask(others.at(-1)!.email, '10.8.8.9')).status).toBe(200);
  });
});
