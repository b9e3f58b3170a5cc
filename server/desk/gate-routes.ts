// API of the desk's gate (/api/manage/gate and the steps after it, the signed-in caller's own): where the caller
// is, taking the invitation, mailing it again, setting up the authenticator, opening the desk with a code (the
// desk's HttpOnly cookie set then) and leaving it. Every staff address follows STAFF_EMAILS from the start
// (staff-invitations.ts: followStaffList, run here once the routes are in).
import type { FastifyInstance } from 'fastify';
import { DESK_ENDPOINTS } from '../../common/desk-endpoints.ts';
import { clearDeskCookie, deskKeyOf, route, setDeskCookie, STAFF_MESSAGES } from '../http/public.ts';
import { emailOfUser, revokeDeskSession } from '../sessions/public.ts';
import { Refusal } from '../refusal.ts';
import { GATE_MESSAGES, gateCaller, gateOf } from './gate.ts';
import { beginSetup, finishSetup, signInWithCode } from './second-factor.ts';
import { INVITATION_MESSAGES, acceptInvitation, followStaffList, inviteAgain } from './staff-invitations.ts';
import { memberByEmail } from './staff-sql.ts';

/** After a recovery code: how many are left, and what to do when none are. */
const CODES_LEFT = (n: number) =>
  n > 0
    ? `Рабочее место открыто кодом восстановления. Осталось кодов: ${n}`
    : 'Рабочее место открыто последним кодом восстановления. Попросите владельца магазина пригласить вас заново, чтобы получить новые коды';

export default async function deskGateRoutes(app: FastifyInstance): Promise<void> {
  route(app, DESK_ENDPOINTS.deskGate, async (req) => gateOf(app, req));

  route(app, DESK_ENDPOINTS.deskInvitation, async (req) => {
    if (req.userId === null) throw new Refusal('unauthenticated', STAFF_MESSAGES.signIn);
    const email = await emailOfUser(app.db, req.userId);
    await acceptInvitation(app.db, req.body.token, req.userId, email, app.config.staffEmails);
    req.log.info({ email, user: req.userId }, 'desk: invitation taken');
    return gateOf(app, req);
  });

  route(app, DESK_ENDPOINTS.deskInviteAgain, async (req) => {
    const who = await gateCaller(app, req);
    const member = await memberByEmail(app.db, who.email);
    if (member?.confirmed && member.userId === who.userId) throw new Refusal('invalid', INVITATION_MESSAGES.confirmed);
    await inviteAgain(app.db, who.email, app.config.publicUrl);
    return { message: INVITATION_MESSAGES.sent };
  });

  route(app, DESK_ENDPOINTS.deskSetUp, async (req) => {
    const who = await gateCaller(app, req);
    return beginSetup(app.db, who.email, who.userId, who.via);
  });

  route(app, DESK_ENDPOINTS.deskSetUpDone, async (req, reply) => {
    const who = await gateCaller(app, req);
    const opened = await finishSetup(app.db, who, req.body.code, req.log);
    setDeskCookie(req, reply, opened.key);
    return { recovery_codes: opened.recoveryCodes, recovery_codes_left: null, message: GATE_MESSAGES.open };
  });

  route(app, DESK_ENDPOINTS.deskOpen, async (req, reply) => {
    const who = await gateCaller(app, req);
    const opened = await signInWithCode(app.db, who, req.body.code, req.log);
    setDeskCookie(req, reply, opened.key);
    const left = opened.recoveryCodesLeft;
    return { recovery_codes: [], recovery_codes_left: left, message: left === null ? GATE_MESSAGES.open : CODES_LEFT(left) };
  });

  route(app, DESK_ENDPOINTS.deskClose, async (req, reply) => {
    const key = deskKeyOf(req);
    if (key) await revokeDeskSession(app.db, key);
    clearDeskCookie(req, reply);
    return { message: 'Рабочее место закрыто' };
  });

  await followStaffList(app.db, app.config.staffEmails, app.config.publicUrl, app.log);
}
