// Helpers of the account tests: a new user made through the API (registration), a login, the mail queued to
// an address, and a scan of an answer for anything that looks like a password or its hash.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { expect } from 'vitest';
import { shopper, type Shopper } from './shop-helpers.ts';

export const PASSWORD = 'Morskoy2026';

export interface Registered {
  email: string;
  password: string;
  token: string;
  /** A shopper signed in with the token. */
  user: Shopper;
}

/** A fresh e-mail and phone that no other test has. */
export function freshContacts(): { email: string; phone: string } {
  const n = randomBytes(5).toString('hex');
  return {
    email: `user-${n}@example.ru`,
    phone: `+7(9${String(parseInt(n, 16) % 1e9)
      .padStart(9, '0')
      .replace(/^(\d\d)(\d{3})(\d\d)(\d\d)$/, '$1)-$2-$3-$4')}`,
  };
}

export async function registerUser(app: FastifyInstance, fields: Record<string, unknown> = {}): Promise<Registered> {
  const { email } = freshContacts();
  const body = { full_name: 'Иванова Анна Сергеевна', email, password_one: PASSWORD, password_two: PASSWORD, ...fields };
  const res = await shopper(app).call('POST', '/api/v1/sign_in/', body);
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return {
    email: String(body.email).toLowerCase(),
    password: String(body.password_one),
    token: res.body.token,
    user: shopper(app, res.body.token),
  };
}

/** A login through the API, as a new shopper. */
export const logIn = (app: FastifyInstance, username: string, password: string) =>
  shopper(app).call('POST', '/api/v1/auth/', { username, password });

/** The mail the shop queued to an address, oldest first. */
export const mailsTo = (app: FastifyInstance, to: string) =>
  app.db.query<{ kind: string; subject: string; body_text: string }>(
    'select kind, subject, body_text from mail_outbox where to_addr = $1 order by id',
    [to],
  );

/** The same shopper (its cookies), now sending this token. */
export function withToken(app: FastifyInstance, s: Shopper, token: string): Shopper {
  const next = shopper(app, token);
  for (const [k, v] of s.cookies) next.cookies.set(k, v);
  return next;
}

/** Fails when the JSON text holds a password-ish key or a scrypt hash. */
export function expectNoSecrets(body: unknown, password = PASSWORD): void {
  const text = JSON.stringify(body).replaceAll('"has_password"', '"has_secret"');
  expect(text).not.toMatch(/password|hash|scrypt\$/i);
  expect(text).not.toContain(password);
}
