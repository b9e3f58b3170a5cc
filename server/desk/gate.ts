// The desk's gate: which step of the way in the caller is at. Signed in with an address STAFF_EMAILS names, the
// account must have proven the address (the invitation link), be signed in by password, have its authenticator
// set up, and give a code; only then does a staff entry answer it (http/identity.ts: admitStaff).
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { DeskGate } from '../../common/contract/manage.ts';
import { STAFF_MESSAGES, openDeskEmail, staffAddressOf, tokenOf } from '../http/public.ts';
import { signInWayOf, type SignInWay } from '../sessions/public.ts';
import { Refusal } from '../refusal.ts';
import { SECOND_FACTOR_MESSAGES } from './second-factor.ts';
import { memberByEmail } from './staff-sql.ts';

export const GATE_MESSAGES = {
  invitation: (email: string) =>
    `Подтвердите, что адрес ${email} ваш: откройте ссылку из письма-приглашения, которое магазин отправил на этот адрес`,
  setUp: 'Подключите приложение-аутентификатор: без кода из него рабочее место не откроется',
  open: 'Рабочее место открыто',
} as const;

/** The signed-in staff caller's address, sign-in way and token: the gate's steps need all three. */
export interface GateCaller {
  userId: number;
  email: string;
  via: SignInWay;
  tokenKey: string;
  address: string;
}

/** The caller at the gate: refused (401 or 403) when nobody is signed in or the address is not the staff's. */
export async function gateCaller(app: FastifyInstance, req: FastifyRequest): Promise<GateCaller> {
  const tokenKey = tokenOf(req);
  if (req.userId === null || !tokenKey) throw new Refusal('unauthenticated', STAFF_MESSAGES.signIn);
  const email = await staffAddressOf(app, req.userId);
  if (!email) throw new Refusal('forbidden', STAFF_MESSAGES.notStaff);
  const via = (await signInWayOf(app.db, tokenKey)) ?? 'social'; // no live token: nothing opens
  return { userId: req.userId, email, via, tokenKey, address: req.ip };
}

export async function gateOf(app: FastifyInstance, req: FastifyRequest): Promise<DeskGate> {
  if (req.userId === null) return { step: 'sign-in', email: null, message: STAFF_MESSAGES.signIn };
  const email = await staffAddressOf(app, req.userId);
  if (!email) return { step: 'not-staff', email: null, message: STAFF_MESSAGES.notStaff };
  const member = await memberByEmail(app.db, email);
  if (!member?.confirmed || member.userId !== req.userId) return { step: 'invitation', email, message: GATE_MESSAGES.invitation(email) };
  const tokenKey = tokenOf(req);
  if (!tokenKey || (await signInWayOf(app.db, tokenKey)) !== 'password')
    return { step: 'password', email, message: SECOND_FACTOR_MESSAGES.social };
  if (!member.totpEnabled) return { step: 'set-up', email, message: GATE_MESSAGES.setUp };
  if (await openDeskEmail(app, req)) return { step: 'open', email, message: GATE_MESSAGES.open };
  return { step: 'code', email, message: STAFF_MESSAGES.needsCode };
}
