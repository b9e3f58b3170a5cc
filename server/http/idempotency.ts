// Idempotency-Key (docs/architecture.md): a mutation runs in one transaction under an advisory lock on the caller's
// scope and key; its first answer (status and body, a refusal included) is stored with it, and a replay
// gets that answer back and changes nothing. A missing key means no replay protection. idempotentCall runs
// a route's mutation this way as the request's shopper.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Db, Queryable } from '../db/public.ts';
import { Refusal } from '../refusal.ts';
import { REFUSAL_STATUS } from './refusal-status.ts';
import { scopeOf, shopper, type Shopper } from './identity.ts';
import { splitUrl } from './split-url.ts';
import { findAnswer, lockKey, storeAnswer } from './idempotency-sql.ts';

export interface Answer {
  status: number;
  body: unknown;
}

export const IDEMPOTENCY_MESSAGES = {
  badKey: 'Неверный ключ идемпотентности: нужна строка от 8 до 200 символов',
  reused: 'Этот ключ идемпотентности уже использован для другого запроса',
} as const;

const KEY = /^[\x21-\x7e]{8,200}$/;

/**
 * The request's Idempotency-Key (or the key a form sent as a field: a browser's own form sends no headers),
 * undefined when absent; a malformed one is a 400.
 */
function idempotencyKeyOf(req: FastifyRequest, formKey?: string): string | undefined {
  const raw = formKey || req.headers['idempotency-key'];
  if (raw === undefined) return undefined;
  if (typeof raw !== 'string' || !KEY.test(raw)) throw new Refusal('invalid', IDEMPOTENCY_MESSAGES.badKey);
  return raw;
}

export interface Idempotent {
  scope: string;
  key: string | undefined;
  method: string;
  path: string;
  /** The body of a refusal (one answered below 500) as this family of calls answers it. */
  errorBody(err: Refusal): unknown;
}

/**
 * Runs fn once per scope and key. A refusal rolls back what fn did (to a savepoint) but is stored, so a
 * replay is refused the same way; a failure (5xx) rolls everything back and stores nothing.
 */
async function runIdempotent(db: Db, opts: Idempotent, fn: (tx: Queryable) => Promise<Answer>): Promise<Answer & { replayed: boolean }> {
  return db.transaction(async (tx) => {
    const { scope, key } = opts;
    if (key) {
      await lockKey(tx, scope, key);
      const stored = await findAnswer(tx, scope, key);
      if (stored) {
        if (stored.method !== opts.method || stored.path !== opts.path) throw new Refusal('unprocessable', IDEMPOTENCY_MESSAGES.reused);
        return { status: stored.status_code, body: stored.response, replayed: true };
      }
      await tx.query('savepoint idempotent_call');
    }
    let result: Answer;
    try {
      result = await fn(tx);
    } catch (err) {
      if (!key || !(err instanceof Refusal) || REFUSAL_STATUS[err.kind] >= 500) throw err;
      await tx.query('rollback to savepoint idempotent_call');
      result = { status: REFUSAL_STATUS[err.kind], body: opts.errorBody(err) };
    }
    if (key) await storeAnswer(tx, scope, key, { method: opts.method, path: opts.path, ...result });
    return { ...result, replayed: false };
  });
}

/**
 * Runs fn as the request's shopper (a visitor without the cookie gets one) under its Idempotency-Key, scoped
 * to that shopper and bound to the request's method and path; sets the answer's status on reply (200, or a
 * refusal's), and Idempotent-Replayed: true on a replay. Answers fn's body, a refusal's errorBody, or the
 * one stored for the key. A form's key (formKey, a field of its body) stands for the header.
 */
export async function idempotentCall<T, E>(
  db: Db,
  req: FastifyRequest,
  reply: FastifyReply,
  errorBody: (err: Refusal) => E,
  fn: (tx: Queryable, who: Shopper) => Promise<T>,
  formKey?: string,
): Promise<T | E> {
  const key = idempotencyKeyOf(req, formKey);
  const who = shopper(req, reply);
  const result = await runIdempotent(
    db,
    { scope: scopeOf(who), key, method: req.method, path: splitUrl(req.url)[0], errorBody },
    async (tx) => ({ status: 200, body: await fn(tx, who) }),
  );
  if (result.replayed) reply.header('idempotent-replayed', 'true');
  reply.code(result.status);
  // What was stored for the key is what this call answered the first time: fn's body or a refusal.
  return result.body as T | E;
}
