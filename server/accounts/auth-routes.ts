// API of signing in and out (spec §7 "Account"): registration, login, logout, the active sessions and ending
// the others, the password reset request and its completion (the mailing is mailing-routes.ts's). 4xx
// answers are { message }.
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { clearSessionCookies, route, sessionClient, setSessionCookies, tokenOf } from '../http/public.ts';
import { revokeToken } from '../sessions/public.ts';
import { Refusal } from '../refusal.ts';
import { endOtherSessions, sessionsOf } from './session-list.ts';
import { ACCOUNT_MESSAGES, signedInUser } from './account-rules.ts';
import { RESET_MESSAGES, completeReset, requestReset } from './password-reset.ts';
import { logIn, register } from './sessions.ts';

export default async function authRoutes(app: FastifyInstance): Promise<void> {
  // The token is answered (API clients send it as `Authorization: Token`) and set as the HttpOnly cookie.
  route(app, ENDPOINTS.register, async (req, reply) => {
    const token = await register(app.db, req.body, sessionClient(req));
    setSessionCookies(req, reply, token);
    return { token };
  });

  route(app, ENDPOINTS.logIn, async (req, reply) => {
    const token = await logIn(app.db, req.body, sessionClient(req));
    setSessionCookies(req, reply, token);
    return { token };
  });

  route(app, ENDPOINTS.logOut, async (req, reply) => {
    const key = tokenOf(req);
    clearSessionCookies(req, reply);
    if (req.userId === null || !key) throw new Refusal('unauthenticated', ACCOUNT_MESSAGES.signInNeeded);
    await revokeToken(app.db, key);
    return { message: ACCOUNT_MESSAGES.loggedOut };
  });

  route(app, ENDPOINTS.sessions, async (req) => sessionsOf(app.db, signedInUser(req), tokenOf(req)));

  route(app, ENDPOINTS.endOtherSessions, async (req) => ({
    message: await endOtherSessions(app.db, signedInUser(req), tokenOf(req) ?? ''),
  }));

  route(app, ENDPOINTS.reset, async (req) => {
    await requestReset(app.db, req.body.email, req.ip, app.config.publicUrl);
    return { message: RESET_MESSAGES.sent };
  });

  route(app, ENDPOINTS.resetComplete, async (req) => {
    await completeReset(app.db, req.body);
    return { message: RESET_MESSAGES.done };
  });
}
