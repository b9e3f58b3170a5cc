// Who is asking, for the shop's private calls: the signed-in user (`Authorization: Token <key>` or the
// `token` cookie, a key in auth_tokens that is not revoked) or else a visitor known by the HttpOnly `basket`
// cookie (160 random bits and the shop's signature, a year), issued on the first basket or order call
// without a token. A cookie the server did not sign is not adopted: the next call that needs one makes a
// fresh one, so nobody can plant a basket key of their choosing in someone's browser.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { userIdByToken } from '../accounts/identity-sql.ts';
import { newToken } from '../accounts/passwords.ts';
import { visitorHasCart } from '../basket/cart-sql.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id, or null (set for the routes under registerIdentity). */
    userId: number | null;
    /** The visitor's key from a cookie the shop signed, or null (set for the routes under registerIdentity). */
    visitorKey: string | null;
  }
}

export const VISITOR_COOKIE = 'basket';
const SIGNED_VISITOR = /^([0-9a-f]{40})\.([\w-]{22})$/;
/** The unsigned cookie of the shop's earlier releases: kept only when its basket exists (then signed). */
const UNSIGNED_VISITOR = /^[0-9a-f]{40}$/;
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

/** Resolves the token and the visitor cookie of every request in this scope once, before its handler. */
export function registerIdentity(app: FastifyInstance): void {
  app.decorateRequest('userId', null);
  app.decorateRequest('visitorKey', null);
  app.addHook('preHandler', async (req, reply) => {
    const key = tokenOf(req);
    req.userId = key ? await userIdByToken(app.db, key) : null;
    req.visitorKey = await visitorFromCookie(app, req, reply);
  });
}

async function visitorFromCookie(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply): Promise<string | null> {
  const value = req.cookies?.[VISITOR_COOKIE];
  if (!value) return null;
  const signed = SIGNED_VISITOR.exec(value);
  if (signed) return app.signer.verify('visitor', signed[1]!, signed[2]!) ? signed[1]! : null;
  if (UNSIGNED_VISITOR.test(value) && (await visitorHasCart(app.db, value))) {
    setVisitorCookie(app, req, reply, value);
    return value;
  }
  return null;
}

function setVisitorCookie(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply, key: string): void {
  reply.setCookie(VISITOR_COOKIE, `${key}.${app.signer.sign('visitor', key)}`, {
    path: '/',
    httpOnly: true,
    sameSite: 'lax',
    secure: req.protocol === 'https',
    maxAge: YEAR_S,
  });
}

/** The visitor's key from the cookie, when the shop made it. */
export function visitorKeyOf(req: FastifyRequest): string | null {
  return req.visitorKey;
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
  setVisitorCookie(req.server, req, reply, key);
  req.visitorKey = key;
  return { userId: null, visitorKey: key };
}
