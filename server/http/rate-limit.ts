// Rate limits on guessable calls (login, password reset, gift card and promo code checks), kept as rows so
// several server processes share them (no state that matters lives in process memory). A limit counts
// attempts per bucket (e.g. "login:ip:1.2.3.4", "login:account:a@b.ru") within a sliding window; over the
// limit the call is refused with 429 and a Russian message before any work is done.
import type { Queryable } from '../db/driver.ts';
import { HttpError } from '../plugins/errors.ts';
import { clearBucket, recentHits, recordHit } from './rate-limit-sql.ts';

export interface Limit {
  /** Bucket prefix, e.g. "login". */
  name: string;
  /** Attempts allowed within the window. */
  max: number;
  windowS: number;
}

/** Every limit of the shop, in one place. */
export const LIMITS = {
  // Logins count failed attempts only (recordAttempt), so signing in often from one address never trips them.
  loginPerAddress: { name: 'login:ip', max: 20, windowS: 15 * 60 },
  loginPerAccount: { name: 'login:account', max: 10, windowS: 15 * 60 },
  // Every reset request counts: each one mails a link.
  resetPerAddress: { name: 'reset:ip', max: 10, windowS: 60 * 60 },
  resetPerAccount: { name: 'reset:account', max: 3, windowS: 60 * 60 },
  checkCardPerAddress: { name: 'card:ip', max: 20, windowS: 15 * 60 },
  promoPerAddress: { name: 'promo:ip', max: 30, windowS: 15 * 60 },
  feedbackPerAddress: { name: 'feedback:ip', max: 10, windowS: 60 * 60 },
} as const satisfies Record<string, Limit>;

/** The longest window: hits older than this are dropped by housekeeping. */
export const LONGEST_WINDOW_S = Math.max(...Object.values(LIMITS).map((l) => l.windowS));

export const TOO_MANY_MESSAGE = 'Слишком много попыток. Попробуйте ещё раз через несколько минут';

const bucketOf = (limit: Limit, who: string) => `${limit.name}:${who.toLowerCase()}`;

/** Throws 429 when any (limit, who) pair is already spent; records nothing. */
export async function refuseWhenSpent(db: Queryable, checks: [Limit, string][]): Promise<void> {
  for (const [limit, who] of checks) {
    if ((await recentHits(db, bucketOf(limit, who), limit.windowS)) >= limit.max) {
      throw new HttpError(429, TOO_MANY_MESSAGE);
    }
  }
}

/** Records one attempt against each pair (a failure, for limits that count failures only). */
export async function recordAttempt(db: Queryable, checks: [Limit, string][]): Promise<void> {
  for (const [limit, who] of checks) await recordHit(db, bucketOf(limit, who));
}

/**
 * Counts one attempt against each (limit, who) pair; throws 429 when any of them is already spent.
 * The attempt is recorded only when it is let through, so a refused flood does not extend the lock-out.
 */
export async function spendAttempt(db: Queryable, checks: [Limit, string][]): Promise<void> {
  await refuseWhenSpent(db, checks);
  await recordAttempt(db, checks);
}

/** A success forgets the account's failed attempts (the address's stay, against spraying many accounts). */
export async function forgetAttempts(db: Queryable, limit: Limit, who: string): Promise<void> {
  await clearBucket(db, bucketOf(limit, who));
}
