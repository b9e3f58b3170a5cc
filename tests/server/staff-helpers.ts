// Helpers of the server tests for the shop's staff: the invitation link mailed to a staff address, the code an
// authenticator app shows for a secret (RFC 6238, the library the shop uses), and a staff member walked through
// the whole gate (invitation, authenticator, code) to an open desk.
import type { FastifyInstance } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import { expect } from 'vitest';
import { mailsTo } from './account-helpers.ts';
import { createUser, shopper, type Shopper } from './shop-helpers.ts';

/** The token of the last invitation mailed to the address (the link's `invitation` parameter). */
export async function invitationTo(app: FastifyInstance, email: string): Promise<string> {
  const mails = (await mailsTo(app, email.toLowerCase())).filter((m) => m.kind === 'staff_invitation');
  const token = /[?&]invitation=([0-9a-f]+)/.exec(mails.at(-1)?.body_text ?? '')?.[1];
  expect(token, `an invitation mailed to ${email}`).toBeTruthy();
  return token!;
}

/** The code an authenticator shows for the secret: now, or `stepsAhead` 30-second steps later. */
export function authenticatorCode(secret: string, stepsAhead = 0): string {
  return new TOTP({ secret: Secret.fromBase32(secret) }).generate({ timestamp: Date.now() + stepsAhead * 30_000 });
}

export interface StaffAtDesk {
  id: number;
  token: string;
  /** The staff member's browser: the sign-in token and the desk's cookie. */
  staff: Shopper;
  secret: string;
  /** The code that finished the set-up (its step is taken: it opens nothing again). */
  setUpCode: string;
  recoveryCodes: string[];
}

/** An account with the staff address, the invitation taken, the authenticator set up: the desk open. */
export async function staffAtDesk(app: FastifyInstance, email: string): Promise<StaffAtDesk> {
  const { id, token } = await createUser(app, { email: email.toLowerCase() });
  const staff = shopper(app, token);
  const taken = await staff.call('POST', '/api/manage/invitation', { token: await invitationTo(app, email) });
  expect(taken.body, JSON.stringify(taken.body)).toMatchObject({ step: 'set-up' });
  const setUp = await staff.call('POST', '/api/manage/second-factor');
  expect(setUp.status, JSON.stringify(setUp.body)).toBe(200);
  const secret = setUp.body.secret as string;
  const setUpCode = authenticatorCode(secret);
  const done = await staff.call('POST', '/api/manage/second-factor/confirm', { code: setUpCode });
  expect(done.status, JSON.stringify(done.body)).toBe(200);
  return { id, token, staff, secret, setUpCode, recoveryCodes: done.body.recovery_codes };
}

/** The staff member's browser as a new shopper object of the app (the same token and desk cookie). */
export function atDesk(app: FastifyInstance, at: StaffAtDesk): Shopper {
  const s = shopper(app, at.token);
  s.cookies.set('desk', at.staff.cookies.get('desk')!);
  return s;
}

/** The desk's order id of an order placed (its guid), and a manager's move of it from the desk (POST …/action). */
export function deskMoves(app: FastifyInstance, at: StaffAtDesk) {
  const orderId = async (guid: string) => (await app.db.query<{ id: number }>('select id from orders where guid = $1', [guid]))[0]!.id;
  const move = async (guid: string, action: string, extra: object = {}) =>
    atDesk(app, at).call('POST', `/api/manage/orders/${await orderId(guid)}/action`, { action, ...extra });
  return { orderId, move };
}
