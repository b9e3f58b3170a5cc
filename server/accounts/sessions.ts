// Signing in (spec §4 "Auth"): registration, login by e-mail and password (failures rate limited), and the
// session every way of signing in opens: a new token, the visitor's basket merged into the user's, the
// visitor's stored Idempotency-Key answers moved to the user and the device's push subscription joined to the
// account (its orders' notifications), all in the caller's transaction.
import type { RegistrationRequest } from '../../common/contract/accounts.ts';
import { normalizeEmail } from '../../common/input-rules.ts';
import type { Db, Queryable } from '../db/public.ts';
import { LIMITS, forgetAttempts, giveBack, moveAnswers, scopeOf, spendAttempt, type Limit, type SessionClient } from '../http/public.ts';
import { insertToken, type SignInWay } from '../sessions/public.ts';
import { mergeVisitorCart } from '../basket/public.ts';
import { joinAccount } from '../push/public.ts';
import { newToken } from '../lib/public.ts';
import { Refusal } from '../refusal.ts';
import { holderOf, insertUser, userByEmail, type NewUser } from './users-sql.ts';
import { ACCOUNT_MESSAGES, checkNewPassword, checkedEmail, checkedPhone, splitFullName } from './account-rules.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

/**
 * A new token of the user on this device, noting how it was signed in with (a social one never opens the desk);
 * what the visitor (if any) had in the basket and in flight becomes the user's.
 */
export async function openSession(tx: Queryable, userId: number, client: SessionClient, via: SignInWay = 'password'): Promise<string> {
  const token = newToken();
  const { visitorKey } = client;
  await insertToken(tx, token, userId, client, via);
  if (visitorKey) {
    await mergeVisitorCart(tx, visitorKey, userId);
    await moveAnswers(tx, scopeOf({ userId: null, visitorKey }), scopeOf({ userId, visitorKey: null }));
    await joinAccount(tx, visitorKey, userId, token);
  }
  return token;
}

/** Refuses an e-mail or phone that belongs to another user, with the §8 messages. */
export async function checkUnique(db: Queryable, email: string | null, phone: string | null, exceptId = 0): Promise<void> {
  if (email && (await holderOf(db, 'email', email, exceptId)) !== null) throw new Refusal('invalid', ACCOUNT_MESSAGES.emailTaken);
  if (phone && (await holderOf(db, 'phone', phone, exceptId)) !== null) throw new Refusal('invalid', ACCOUNT_MESSAGES.phoneTaken);
}

/**
 * Registration (§5): checks every field, creates the user and opens the session; answers the token. Each
 * well-formed attempt counts against the address before the password is hashed.
 */
export async function register(db: Db, input: RegistrationRequest, client: SessionClient): Promise<string> {
  const email = checkedEmail(input.email);
  const names = splitFullName(input.full_name);
  const phone = checkedPhone(input.phone);
  checkNewPassword(input.password_one, input.password_two);
  await spendAttempt(db, [[LIMITS.signInPerAddress, client.address]]);
  await checkUnique(db, email, phone);
  const user: NewUser = { email, phone, ...names, password_hash: await hashPassword(input.password_one) };
  return db.transaction(async (tx) => {
    const id = await insertUser(tx, user);
    if (id === null) {
      await checkUnique(tx, email, phone); // taken meanwhile: say which
      throw new Refusal('invalid', ACCOUNT_MESSAGES.emailTaken);
    }
    return openSession(tx, id, client);
  });
}

/**
 * Login (§5): the same refusal for an unknown e-mail and a wrong password, and the same scrypt time.
 * Failed attempts count per address and per account; a success forgets the account's failures.
 */
export async function logIn(db: Db, input: { username: string; password: string }, client: SessionClient): Promise<string> {
  const email = normalizeEmail(input.username);
  const limits: [Limit, string][] = [
    [LIMITS.loginPerAddress, client.address],
    [LIMITS.loginPerAccount, email],
  ];
  // Spent before the password is checked (and given back on success), so attempts sent at once each count.
  const spent = await spendAttempt(db, limits);
  const user = await userByEmail(db, email);
  if (!(await verifyPassword(input.password, user?.password_hash ?? null)) || !user) {
    throw new Refusal('invalid', ACCOUNT_MESSAGES.loginFailed);
  }
  const token = await db.transaction((tx) => openSession(tx, user.id, client));
  await giveBack(db, spent);
  await forgetAttempts(db, LIMITS.loginPerAccount, email);
  return token;
}
