// API of signing in and out (spec §7 "Account"): registration, login, logout, the password reset request
// and its completion (the mailing is mailing-routes.ts's). 4xx answers are { message }.
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { route } from '../http/endpoint-route.ts';
import { HttpError } from '../plugins/errors.ts';
import { tokenOf, visitorKeyOf } from '../http/identity.ts';
import { registerPrivateAnswers } from '../http/private-answers.ts';
import { revokeToken } from './users-sql.ts';
import { ACCOUNT_MESSAGES } from './account-rules.ts';
import { RESET_MESSAGES, completeReset, requestReset } from './password-reset.ts';
import { logIn, register } from './sessions.ts';

export default async function authRoutes(app: FastifyInstance): Promise<void> {
  registerPrivateAnswers(app);

  route(app, ENDPOINTS.signIn, async (req) => ({ token: await register(app.db, req.body, req.ip, visitorKeyOf(req)) }));

  route(app, ENDPOINTS.logIn, async (req) => ({ token: await logIn(app.db, req.body, req.ip, visitorKeyOf(req)) }));

  route(app, ENDPOINTS.logOut, async (req) => {
    const key = tokenOf(req);
    if (req.userId === null || !key) throw new HttpError(401, ACCOUNT_MESSAGES.signInNeeded);
    await revokeToken(app.db, key);
    return { message: ACCOUNT_MESSAGES.loggedOut };
  });

  route(app, ENDPOINTS.reset, async (req) => {
    await requestReset(app.db, req.body.email, req.ip, app.config.publicUrl);
    return { message: RESET_MESSAGES.sent };
  });

  route(app, ENDPOINTS.resetComplete, async (req) => {
    await completeReset(app.db, req.body);
    return { message: RESET_MESSAGES.done };
  });
}
