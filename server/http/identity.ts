// Who is asking, for the shop's private calls: the signed-in user (`Authorization: Token <key>` or the
// `token` cookie, a key in auth_tokens that is not revoked) or else a visitor known by the HttpOnly `basket`
// cookie (160 random bits, a year), issued on the first basket or order call without a token.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { userIdByToken } from '../accounts/identity-sql.ts';
import { newToken } from '../accounts/passwords.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id, or null (set for the routes under registerIdentity). */
    userId: number | null;
  }
}

export const VISITOR_COOKIE = 'basket';
const VISITOR_KEY = /^[0-9a-f]{40}$/;
const TOKEN_KEY = /^[\x21-\x7e]{1,200}$/;
const YEAR_S = 365 * 24 * 60 * 60;

export type Shopper = { userId: number; visitorKey: null } | { userId: null; visitorKey: string };

/** The namespace of a shopper's idempotency keys: "user:12" or "visitor:<key>". */
export const scopeOf = (s: Shopper): string => (s.userId !== null ? `user:${s.userId}` : `visitor:${s.visitorKey}`);

/** The token the request was sent with (header or cookie), when it looks like one. */
export function tokenOf(req: FastifyRequest): string | null {
  const header = req.headers.authorization;
  const m = typeof header === 'string' ? /^Token\s+(\S+)$/i.exec(header.trim()) : null;
  const key = m?.[1] ?? req.cookies?.token ?? null;
  return key && TOKEN_KEY.test(key) ? key : null;
}

/** Resolves the token of every request in this scope once, before its handler. */
export function registerIdentity(app: FastifyInstance): void {
  app.decorateRequest('userId', null);
  app.addHook('preHandler', async (req) => {
    const key = tokenOf(req);
    req.userId = key ? await userIdByToken(app.db, key) : null;
  });
}

/** The visitor's key from the cookie, when it is one of ours. */
export function visitorKeyOf(req: FastifyRequest): string | null {
  const key = req.cookies?.[VISITOR_COOKIE];
  return key && VISITOR_KEY.test(key) ? key : null;
}

/** The shopper, or null for a visitor without the cookie (nothing of theirs is stored yet). */
export function knownShopper(req: FastifyRequest): Shopper | null {
  if (req.userId !== null) return { userId: req.userId, visitorKey: null };
  const key = visitorKeyOf(req);
  return key ? { userId: null, visitorKey: key } : null;
}

/** The shopper; a visitor without the cookie gets one now. */
export function shopper(req: FastifyRequest, reply: FastifyReply): Shopper {
  const known = knownShopper(req);
  if (known) return known;
  const key = newToken();
  reply.setCookie(VISITOR_COOKIE, key, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    maxAge: YEAR_S,
  });
  return { userId: null, visitorKey: key };
}
