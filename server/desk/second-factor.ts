// The desk's second factor: a TOTP code (RFC 6238: HMAC-SHA1, 6 digits, 30-second steps, the otpauth library)
// from any authenticator app, set up at the first desk sign-in with ten single-use recovery codes, then asked
// at every desk sign-in. A code's step is taken once (a code seen over a shoulder does not open a second desk);
// wrong codes count against the staff address and the caller's network address and are logged; a sign-in by a
// social provider never opens the desk (the shop cannot vouch for how the provider proved the person).
import { randomBytes, randomInt } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';
import type { Db } from '../db/public.ts';
import { LIMITS, giveBack, spendAttempt } from '../http/public.ts';
import { insertDeskSession, revokeDeskSessionsOf, type SignInWay } from '../sessions/public.ts';
import { Refusal } from '../refusal.ts';
import {
  enableSecondFactor,
  memberByEmail,
  recoveryCodesLeft,
  pendingSecret,
  sha256,
  takeStep,
  useRecoveryCode,
  type StaffMember,
} from './staff-sql.ts';

export const SECOND_FACTOR_MESSAGES = {
  wrongCode: 'Неверный код. Введите шесть цифр из приложения-аутентификатора или код восстановления',
  usedCode: 'Этот код уже использован. Дождитесь следующего кода в приложении',
  noSetup: 'Сначала подключите приложение-аутентификатор',
  setUp: 'Приложение-аутентификатор уже подключено',
  notProven: 'Сначала подтвердите адрес по ссылке из письма-приглашения',
  social: 'Рабочее место менеджера открывается только после входа по e-mail и паролю. Выйдите и войдите снова',
} as const;

/** Who the shop's authenticator entries say they are for. */
const ISSUER = 'Море и Мода';
/** Steps either side of now a code is taken for (a phone's clock a little off, a code typed as it changes). */
const WINDOW = 1;
const RECOVERY_CODES = 10;
/** The recovery codes' letters: no 0/o, 1/l/i, so a code written down reads back as it was. */
const RECOVERY_ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

const totpOf = (email: string, secret: string) =>
  new TOTP({ issuer: ISSUER, label: email, algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });

/** A recovery code as shown: two groups of five, e.g. "k7m2p-x9qr4" (about 49 bits). */
function newRecoveryCode(): string {
  const letters = Array.from({ length: 10 }, () => RECOVERY_ALPHABET[randomInt(RECOVERY_ALPHABET.length)]).join('');
  return `${letters.slice(0, 5)}-${letters.slice(5)}`;
}

/** A code as typed: spaces and dashes dropped, lower-cased. */
const typed = (code: string) => code.replace(/[\s-]/g, '').toLowerCase();

/** The staff member proven by this account, or the refusal of a step taken too early. */
async function provenMember(db: Db, email: string, userId: number, via: SignInWay): Promise<StaffMember> {
  if (via !== 'password') throw new Refusal('forbidden', SECOND_FACTOR_MESSAGES.social);
  const member = await memberByEmail(db, email);
  if (!member?.confirmed || member.userId !== userId) throw new Refusal('forbidden', SECOND_FACTOR_MESSAGES.notProven);
  return member;
}

export interface SecondFactorSetup {
  secret: string;
  uri: string;
  qr_svg: string;
}

/** The secret to add to an authenticator (its QR code and its letters), until its first code is given. */
export async function beginSetup(db: Db, email: string, userId: number, via: SignInWay): Promise<SecondFactorSetup> {
  const member = await provenMember(db, email, userId, via);
  if (member.totpEnabled) throw new Refusal('invalid', SECOND_FACTOR_MESSAGES.setUp);
  const secret = await pendingSecret(db, email, new Secret({ size: 20 }).base32); // 160 bits, as RFC 4226 §4 recommends
  if (!secret) throw new Refusal('invalid', SECOND_FACTOR_MESSAGES.setUp);
  const uri = totpOf(email, secret).toString();
  return { secret, uri, qr_svg: await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'M', margin: 2 }) };
}

/** The code's step when it is right for the secret now, else null. */
function stepOf(email: string, secret: string, code: string): number | null {
  const token = typed(code);
  if (!/^\d{6}$/.test(token)) return null;
  const totp = totpOf(email, secret);
  const delta = totp.validate({ token, window: WINDOW });
  return delta === null ? null : totp.counter() + delta;
}

interface DeskCaller {
  email: string;
  userId: number;
  via: SignInWay;
  tokenKey: string;
  address: string;
}

/** Counts a code attempt before it is checked (and gives it back when it was right). */
const spendCodeAttempt = (db: Db, who: DeskCaller) =>
  spendAttempt(db, [
    [LIMITS.deskCodePerStaff, who.email],
    [LIMITS.deskCodePerAddress, who.address],
  ]);

async function openDesk(db: Db, who: DeskCaller): Promise<string> {
  const key = randomBytes(32).toString('hex'); // the desk cookie: 256 bits (identity.ts checks its form)
  await db.transaction((tx) => insertDeskSession(tx, key, who.email, who.userId, who.tokenKey));
  return key;
}

/**
 * The first code from the authenticator: the secret holds from now, every earlier desk of the address is
 * closed, and the desk opens. Answers the desk's key and the recovery codes (shown this once; only their hashes
 * are kept).
 */
export async function finishSetup(
  db: Db,
  who: DeskCaller,
  code: string,
  log: FastifyBaseLogger,
): Promise<{ key: string; recoveryCodes: string[] }> {
  const member = await provenMember(db, who.email, who.userId, who.via);
  if (member.totpEnabled) throw new Refusal('invalid', SECOND_FACTOR_MESSAGES.setUp);
  if (!member.totpSecret) throw new Refusal('invalid', SECOND_FACTOR_MESSAGES.noSetup);
  const spent = await spendCodeAttempt(db, who);
  const step = stepOf(who.email, member.totpSecret, code);
  if (step === null) {
    log.warn({ email: who.email, address: who.address }, 'desk: a wrong code at the authenticator set-up');
    throw new Refusal('invalid', SECOND_FACTOR_MESSAGES.wrongCode);
  }
  const recoveryCodes = Array.from({ length: RECOVERY_CODES }, newRecoveryCode);
  await db.transaction(async (tx) => {
    await enableSecondFactor(
      tx,
      who.email,
      step,
      recoveryCodes.map((c) => sha256(typed(c))),
    );
    await revokeDeskSessionsOf(tx, who.email);
  });
  await giveBack(db, spent);
  log.info({ email: who.email }, 'desk: authenticator set up');
  return { key: await openDesk(db, who), recoveryCodes };
}

/** A desk sign-in: the authenticator's code, or a recovery code (used up); answers the desk's key. */
export async function signInWithCode(
  db: Db,
  who: DeskCaller,
  code: string,
  log: FastifyBaseLogger,
): Promise<{ key: string; recoveryCodesLeft: number | null }> {
  const member = await provenMember(db, who.email, who.userId, who.via);
  if (!member.totpEnabled || !member.totpSecret) throw new Refusal('invalid', SECOND_FACTOR_MESSAGES.noSetup);
  const spent = await spendCodeAttempt(db, who);
  const step = stepOf(who.email, member.totpSecret, code);
  let recovery = false;
  if (step !== null) {
    if (!(await takeStep(db, who.email, step))) {
      log.warn({ email: who.email, address: who.address }, 'desk: a code given again');
      throw new Refusal('invalid', SECOND_FACTOR_MESSAGES.usedCode);
    }
  } else if (await useRecoveryCode(db, who.email, sha256(typed(code)))) {
    recovery = true;
  } else {
    log.warn({ email: who.email, address: who.address }, 'desk: a wrong code');
    throw new Refusal('invalid', SECOND_FACTOR_MESSAGES.wrongCode);
  }
  await giveBack(db, spent);
  log.info({ email: who.email, recovery }, 'desk: opened');
  return { key: await openDesk(db, who), recoveryCodesLeft: recovery ? await recoveryCodesLeft(db, who.email) : null };
}
