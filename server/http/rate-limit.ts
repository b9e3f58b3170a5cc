// Rate limits on guessable or costly calls (login, registration, password reset, gift card payment and
// checks, promo codes, the error report, subscription, orders), kept as rows so several server processes
// share them (no state that matters lives in process memory). A limit counts attempts per bucket (e.g.
// "login:ip:1.2.3.4", "login:account:a@b.ru") within a sliding window; over the limit the call is refused
// with 429 and a Russian message before any work is done.
import { lockName, type Db, type Queryable } from '../db/public.ts';
import { Refusal } from '../refusal.ts';
import { clearBucket, deleteHits, recentHits, recordHit } from './rate-limit-sql.ts';

export interface Limit {
  /** Bucket prefix, e.g. "login". */
  name: string;
  /** Attempts allowed within the window. */
  max: number;
  windowS: number;
}

/** Every limit of the shop, in one place. */
export const LIMITS = {
  // The accounting system's exchange signs in like a person (HTTP Basic): wrong passwords are counted per
  // address, right ones given back, so a 1C polling every minute never trips it.
  exchangePerAddress: { name: 'exchange:ip', max: 20, windowS: 15 * 60 },
  // Logins count failed attempts only (a success gives its attempt back), so signing in often from one
  // address never trips them.
  loginPerAddress: { name: 'login:ip', max: 20, windowS: 15 * 60 },
  loginPerAccount: { name: 'login:account', max: 10, windowS: 15 * 60 },
  // Wrong current passwords when changing the password or e-mail: a stolen session cannot guess it.
  reauthPerAccount: { name: 'reauth:account', max: 10, windowS: 15 * 60 },
  // Each registration costs a password hash and makes an account.
  signInPerAddress: { name: 'signin:ip', max: 10, windowS: 60 * 60 },
  // Every reset request counts: each one mails a link.
  resetPerAddress: { name: 'reset:ip', max: 10, windowS: 60 * 60 },
  resetPerAccount: { name: 'reset:account', max: 3, windowS: 60 * 60 },
  checkCardPerAddress: { name: 'card:ip', max: 20, windowS: 15 * 60 },
  // Paying from a card takes its number: a guess is as good as a balance check.
  cardPaymentPerAddress: { name: 'cardpay:ip', max: 20, windowS: 15 * 60 },
  promoPerAddress: { name: 'promo:ip', max: 30, windowS: 15 * 60 },
  feedbackPerAddress: { name: 'feedback:ip', max: 10, windowS: 60 * 60 },
  // Each subscription request mails a confirmation link to the address.
  subscribePerAddress: { name: 'subscribe:ip', max: 10, windowS: 60 * 60 },
  subscribePerEmail: { name: 'subscribe:email', max: 3, windowS: 60 * 60 },
  // Push subscriptions: a device sends its own again with each change of its favourites; the bound is for
  // floods of new ones.
  pushPerAddress: { name: 'push:ip', max: 120, windowS: 15 * 60 },
  // The desk's second factor: a wrong code (or recovery code) counts, a right one gives its attempt back; an
  // authenticator's six digits would fall to a million guesses, so five a quarter-hour per address of the staff.
  deskCodePerStaff: { name: 'deskcode:staff', max: 5, windowS: 15 * 60 },
  deskCodePerAddress: { name: 'deskcode:ip', max: 20, windowS: 15 * 60 },
  // Each request mails the staff address a fresh invitation.
  invitationPerStaff: { name: 'invite:staff', max: 3, windowS: 60 * 60 },
  // Orders: generous per address (a mobile network puts many shoppers behind one), tighter per shopper
  // (the signed-in user or the visitor's cookie).
  orderPerAddress: { name: 'order:ip', max: 30, windowS: 60 * 60 },
  orderPerShopper: { name: 'order:shopper', max: 10, windowS: 60 * 60 },
  // A manager's changes to orders: far above a working day's pace, a bound on a script run amok or a stolen session.
  deskChangePerStaff: { name: 'desk:staff', max: 300, windowS: 15 * 60 },
} as const satisfies Record<string, Limit>;

/** The longest window: hits older than this are dropped by housekeeping. */
export const LONGEST_WINDOW_S = Math.max(...Object.values(LIMITS).map((l) => l.windowS));

export const TOO_MANY_MESSAGE = 'Слишком много попыток. Попробуйте ещё раз через несколько минут';

const bucketOf = (limit: Limit, who: string) => `${limit.name}:${who.toLowerCase()}`;

/** The hits an attempt recorded, to give back when it turns out not to count (a login that succeeded). */
export interface SpentAttempt {
  hitIds: string[];
}

/**
 * Counts one attempt against each (limit, who) pair, or throws 429 when any of them is already spent. The
 * count and the record are one step under each bucket's lock (buckets locked in name order, so two calls
 * never wait on each other crosswise): N attempts at once count N. A refused attempt records nothing, so a
 * refused flood does not extend the lock-out.
 */
export async function spendAttempt(db: Db, checks: [Limit, string][]): Promise<SpentAttempt> {
  const buckets = checks.map(([limit, who]) => ({ limit, bucket: bucketOf(limit, who) })).sort((a, b) => a.bucket.localeCompare(b.bucket));
  return db.transaction(async (tx) => {
    for (const { limit, bucket } of buckets) {
      await lockName(tx, bucket);
      if ((await recentHits(tx, bucket, limit.windowS)) >= limit.max) throw new Refusal('tooMany', TOO_MANY_MESSAGE);
    }
    const hitIds: string[] = [];
    for (const { bucket } of buckets) hitIds.push(await recordHit(tx, bucket));
    return { hitIds };
  });
}

/** Takes back an attempt spent before its outcome was known, which turned out not to count. */
export async function giveBack(db: Queryable, spent: SpentAttempt): Promise<void> {
  await deleteHits(db, spent.hitIds);
}

/** A success forgets the account's failed attempts (the address's stay, against spraying many accounts). */
export async function forgetAttempts(db: Queryable, limit: Limit, who: string): Promise<void> {
  await clearBucket(db, bucketOf(limit, who));
}
