// Who is asking, for the shop's private calls, and the cookies that say so: the signed-in user
// (`Authorization: Token <key>` for API clients, or the HttpOnly `token` cookie the server sets at sign-in,
// a live key in auth_tokens) or else a visitor known by the HttpOnly `basket` cookie (160 random bits and
// the shop's signature, a year), issued on the first basket or order call without a token. A basket cookie
// the server did not sign is not adopted: the next call that needs one makes a fresh one, so nobody can
// plant a basket key of their choosing in someone's browser. Beside the token the server sets `signedIn=1`,
// which the page may read (it holds no secret) to know it should load the user; both go when the token
// stops working.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  DESK_SESSION,
  SESSION_LIFETIME,
  deskSessionEmail,
  emailOfUser,
  userIdByToken,
  visitorHasCart,
  type SessionDevice,
} from '../sessions/public.ts';
import { Refusal } from '../refusal.ts';
import { newToken } from '../lib/public.ts';
import { SIGNED_IN_COOKIE, TOKEN_COOKIE } from '../../common/storage-keys.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in user's id, or null (resolved for the private entries of the endpoint table: identify). */
    userId: number | null;
    /** The visitor's key from a cookie the shop signed, or null (resolved for the private entries: identify). */
    visitorKey: string | null;
    /** The staff member's e-mail on a staff entry (admitStaff), else null. */
    staffEmail: string | null;
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
  const key = m?.[1] ?? req.cookies?.[TOKEN_COOKIE] ?? null;
  return key && TOKEN_KEY.test(key) ? key : null;
}

/** Every request has the shopper's fields, null until identify resolves them (app.ts, once). */
export function decorateIdentity(app: FastifyInstance): void {
  app.decorateRequest('userId', null);
  app.decorateRequest('visitorKey', null);
  app.decorateRequest('staffEmail', null);
}

/**
 * Resolves the token and the visitor cookie of a request, first thing: the endpoint table's private entries
 * run it (endpoint-route.ts), public ones never look at who asks.
 */
export async function identify(app: FastifyInstance, req: FastifyRequest, reply: FastifyReply): Promise<void> {
  const key = tokenOf(req);
  req.userId = key ? await userIdByToken(app.db, key) : null;
  const cookieToken = req.cookies?.[TOKEN_COOKIE];
  // A token cookie that no longer works (expired, revoked) goes, with the page's hint.
  if (req.userId === null && cookieToken) clearSessionCookies(req, reply);
  // One the page wrote itself (the shop's earlier releases) becomes the server's HttpOnly cookie, hint and all.
  if (req.userId !== null && cookieToken === key && !req.cookies?.[SIGNED_IN_COOKIE]) setSessionCookies(req, reply, cookieToken);
  req.visitorKey = await visitorFromCookie(app, req, reply);
}

export const STAFF_MESSAGES = {
  signIn: 'Войдите в магазин под учётной записью сотрудника, чтобы открыть рабочее место менеджера',
  notStaff: 'Рабочее место менеджера открыто только сотрудникам магазина',
  needsCode: 'Откройте рабочее место менеджера кодом из приложения-аутентификатора',
} as const;

/** The HttpOnly cookie of an open desk (server/desk/ opens it after the second factor): 256 random bits, hex. */
export const DESK_COOKIE = 'desk';
const DESK_KEY = /^[0-9a-f]{64}$/;

/**
 * The staff address of the request's open desk, or null: a live desk session (sessions/desk-sessions-sql.ts)
 * on the very sign-in token the request carries, for an address STAFF_EMAILS still names, so taking an address
 * out of STAFF_EMAILS ends its desk at once.
 */
export async function openDeskEmail(app: FastifyInstance, req: FastifyRequest): Promise<string | null> {
  const token = tokenOf(req);
  const key = req.cookies?.[DESK_COOKIE];
  if (!token || !key || !DESK_KEY.test(key)) return null;
  const email = await deskSessionEmail(app.db, key, token);
  return email && app.config.staffEmails.includes(email) ? email : null;
}

/** Whether the user's address is one STAFF_EMAILS names (a staff member still to open the desk), and which. */
export async function staffAddressOf(app: FastifyInstance, userId: number): Promise<string | null> {
  const email = (await emailOfUser(app.db, userId))?.toLowerCase() ?? null;
  return email && app.config.staffEmails.includes(email) ? email : null;
}

/**
 * The endpoint table's staff entries: after identify, only a request with an open desk goes on (401 to nobody
 * signed in, 403 to anyone else: a shopper, or a staff member who has not given the code); the staff member's
 * e-mail is kept on the request for the record of what they did.
 */
export async function admitStaff(app: FastifyInstance, req: FastifyRequest): Promise<void> {
  if (req.userId === null) throw new Refusal('unauthenticated', STAFF_MESSAGES.signIn);
  const email = await openDeskEmail(app, req);
  if (email) {
    req.staffEmail = email;
    return;
  }
  const staff = await staffAddressOf(app, req.userId);
  throw new Refusal('forbidden', staff ? STAFF_MESSAGES.needsCode : STAFF_MESSAGES.notStaff);
}

/**
 * The status of a staff page (the desk's HTML) for who asks, read only as pageShopper reads: 200 with an open
 * desk, 401 for nobody signed in (or a token that no longer works), 403 for anyone else (the page then shows
 * the step of the desk's gate they are at).
 */
export async function staffPageStatus(app: FastifyInstance, req: FastifyRequest): Promise<200 | 401 | 403> {
  const key = tokenOf(req);
  const userId = key ? await userIdByToken(app.db, key) : null;
  if (userId === null) return 401;
  return (await openDeskEmail(app, req)) ? 200 : 403;
}

/** After the second factor: the desk's cookie, HttpOnly, for the desk session's longest life. */
export function setDeskCookie(req: FastifyRequest, reply: FastifyReply, key: string): void {
  reply.setCookie(DESK_COOKIE, key, { ...cookieBase(req), httpOnly: true, maxAge: DESK_SESSION.maxHours * 60 * 60 });
}

export function clearDeskCookie(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(DESK_COOKIE, { ...cookieBase(req), httpOnly: true });
}

/** The desk cookie's value when it looks like one (to end that desk session). */
export function deskKeyOf(req: FastifyRequest): string | null {
  const key = req.cookies?.[DESK_COOKIE];
  return key && DESK_KEY.test(key) ? key : null;
}

/** The staff member at the desk (admitStaff ran: the endpoint table's staff entries). */
export function staffMember(req: FastifyRequest): { id: number; email: string } {
  if (req.userId === null || req.staffEmail === null) throw new Refusal('forbidden', STAFF_MESSAGES.notStaff);
  return { id: req.userId, email: req.staffEmail };
}

/** The device a session is opened on, and the visitor whose basket it takes over. */
export interface SessionClient extends SessionDevice {
  visitorKey: string | null;
}

export const sessionClient = (req: FastifyRequest): SessionClient => ({
  visitorKey: visitorKeyOf(req),
  userAgent: String(req.headers['user-agent'] ?? ''),
  address: req.ip,
});

const cookieBase = (req: FastifyRequest) => ({ path: '/', sameSite: 'lax' as const, secure: req.protocol === 'https' });

/** After a sign-in: the token as an HttpOnly cookie the page cannot read, and the page's hint beside it. */
export function setSessionCookies(req: FastifyRequest, reply: FastifyReply, token: string): void {
  const maxAge = SESSION_LIFETIME.maxDays * 24 * 60 * 60;
  reply.setCookie(TOKEN_COOKIE, token, { ...cookieBase(req), httpOnly: true, maxAge });
  reply.setCookie(SIGNED_IN_COOKIE, '1', { ...cookieBase(req), maxAge });
}

export function clearSessionCookies(req: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(TOKEN_COOKIE, { ...cookieBase(req), httpOnly: true });
  reply.clearCookie(SIGNED_IN_COOKIE, cookieBase(req));
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

/**
 * Who a page request comes from, for the one page rendered for its shopper (the basket): the signed-in user of
 * a live token, else the visitor of a cookie the shop signed; read only (a page sets no cookie). Null when the
 * request names nobody the shop can vouch for (no cookie yet, a token that no longer works, a cookie the shop
 * did not sign): the page then shows nothing as theirs until the app knows.
 */
export async function pageShopper(app: FastifyInstance, req: FastifyRequest): Promise<Shopper | null> {
  const key = tokenOf(req);
  if (key) {
    const userId = await userIdByToken(app.db, key);
    return userId === null ? null : { userId, visitorKey: null };
  }
  const signed = SIGNED_VISITOR.exec(req.cookies?.[VISITOR_COOKIE] ?? '');
  return signed && app.signer.verify('visitor', signed[1]!, signed[2]!) ? { userId: null, visitorKey: signed[1]! } : null;
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

/** The visitor key of this browser, signed in or not; one without the cookie gets one now (a device's own key). */
export function deviceKey(req: FastifyRequest, reply: FastifyReply): string {
  if (req.visitorKey) return req.visitorKey;
  const key = newToken();
  setVisitorCookie(req.server, req, reply, key);
  req.visitorKey = key;
  return key;
}

/** The shopper; a visitor without the cookie gets one now. */
export function shopper(req: FastifyRequest, reply: FastifyReply): Shopper {
  return knownShopper(req) ?? { userId: null, visitorKey: deviceKey(req, reply) };
}
