// API of signing in and out (spec §7 "Account"): registration, login, logout, the password reset request
// and its completion, and the mailing's subscribe / unsubscribe links. 4xx answers are { message }.
import type { FastifyInstance } from 'fastify';
import {
  EmailQuery,
  LoginRequest,
  MessageBody,
  ResetCompleteRequest,
  ResetRequest,
  SignInRequest,
  TokenResponse,
} from '../../common/contract.ts';
import { answer, parse } from '../http/contract.ts';
import { HttpError } from '../plugins/errors.ts';
import { tokenOf, visitorKeyOf } from '../http/identity.ts';
import { registerPrivateAnswers } from '../http/private-answers.ts';
import { setSubscribed } from './subscriptions-sql.ts';
import { revokeToken } from './users-sql.ts';
import { ACCOUNT_MESSAGES, checkedEmail } from './account-rules.ts';
import { RESET_MESSAGES, completeReset, requestReset } from './password-reset.ts';
import { logIn, register } from './sessions.ts';

const MAILING_MESSAGES = {
  subscribed: 'Вы подписались на рассылку',
  unsubscribed: 'Вы отписались от рассылки',
} as const;

export default async function authRoutes(app: FastifyInstance): Promise<void> {
  registerPrivateAnswers(app);

  app.post('/v1/sign_in/', async (req) => {
    const body = parse(req.body, SignInRequest);
    return answer({ token: await register(app.db, body, visitorKeyOf(req)) }, TokenResponse);
  });

  app.post('/v1/auth/', async (req) => {
    const body = parse(req.body, LoginRequest);
    return answer({ token: await logIn(app.db, body, req.ip, visitorKeyOf(req)) }, TokenResponse);
  });

  app.post('/v1/logout/', async (req) => {
    const key = tokenOf(req);
    if (req.userId === null || !key) throw new HttpError(401, ACCOUNT_MESSAGES.signInNeeded);
    await revokeToken(app.db, key);
    return answer({ message: ACCOUNT_MESSAGES.loggedOut }, MessageBody);
  });

  app.post('/v1/reset/', async (req) => {
    const { email } = parse(req.body, ResetRequest);
    await requestReset(app.db, email, req.ip, app.config.publicUrl);
    return answer({ message: RESET_MESSAGES.sent }, MessageBody);
  });

  app.post('/v1/reset/complite/', async (req) => {
    await completeReset(app.db, parse(req.body, ResetCompleteRequest));
    return answer({ message: RESET_MESSAGES.done }, MessageBody);
  });

  const mailing = (subscribed: boolean) => async (req: { query: unknown }) => {
    const email = checkedEmail(parse(req.query, EmailQuery).email);
    await setSubscribed(app.db, email, subscribed);
    return answer({ message: MAILING_MESSAGES[subscribed ? 'subscribed' : 'unsubscribed'] }, MessageBody);
  };
  app.get('/v1/subscribe/', mailing(true));
  app.get('/v1/unsubscribe/', mailing(false));
}
