// Password reset (spec §4, §5, §8): a request mails a single-use link valid for RESET_TTL_S (rate limited
// per address and per account); completing it sets the new password, uses the link up and signs the user
// out everywhere.
import type { Infer } from 'superstruct';
import type { ResetCompleteRequest } from '../../common/contract/accounts.ts';
import type { Db } from '../db/public.ts';
import { revokeUserTokens } from '../sessions/public.ts';
import { enqueueMail, type Mail } from '../mail/public.ts';
import { newToken } from '../lib/public.ts';
import { LIMITS, spendAttempt } from '../http/public.ts';
import { Refusal } from '../refusal.ts';
import { insertResetToken, lockResetToken, useResetTokens } from './password-reset-sql.ts';
import { setPasswordHash, userByEmail } from './users-sql.ts';
import { ACCOUNT_MESSAGES, checkNewPassword, checkedEmail } from './account-rules.ts';
import { hashPassword } from './passwords.ts';

/** How long a reset link works. */
export const RESET_TTL_S = 60 * 60;

export const RESET_MESSAGES = {
  sent: 'Ссылка для восстановления пароля отправлена на вашу почту',
  done: 'Пароль изменён. Войдите с новым паролем',
  unknown: 'Ссылка для смены пароля недействительна. Запросите восстановление пароля ещё раз',
  used: 'Эта ссылка уже использована. Запросите восстановление пароля ещё раз',
  expired: 'Срок действия ссылки истёк. Запросите восстановление пароля ещё раз',
} as const;

const resetUrl = (publicUrl: string, token: string) => `${publicUrl}/reset/${token}`;

function resetMail(to: string, link: string): Mail {
  return {
    kind: 'reset_link',
    to,
    subject: 'Восстановление пароля — Море и Мода',
    body: [
      'Здравствуйте!',
      '',
      'Вы запросили восстановление пароля в магазине «Море и Мода». Чтобы задать новый пароль, откройте ссылку:',
      link,
      '',
      'Ссылка действует 1 час и только один раз. Если вы не запрашивали восстановление, просто не отвечайте на это письмо.',
    ].join('\n'),
  };
}

export async function requestReset(db: Db, rawEmail: string, address: string, publicUrl: string): Promise<void> {
  const email = checkedEmail(rawEmail);
  await spendAttempt(db, [
    [LIMITS.resetPerAddress, address],
    [LIMITS.resetPerAccount, email],
  ]);
  const user = await userByEmail(db, email);
  if (!user) throw new Refusal('notFound', ACCOUNT_MESSAGES.unknownUser);
  const token = newToken();
  await db.transaction(async (tx) => {
    await insertResetToken(tx, token, user.id, RESET_TTL_S);
    await enqueueMail(tx, resetMail(email, resetUrl(publicUrl, token)));
  });
}

export async function completeReset(db: Db, input: Infer<typeof ResetCompleteRequest>): Promise<void> {
  checkNewPassword(input.password_one, input.password_two);
  const hash = await hashPassword(input.password_one);
  await db.transaction(async (tx) => {
    const token = await lockResetToken(tx, input.token);
    if (token.state !== 'ok') throw new Refusal('invalid', RESET_MESSAGES[token.state]);
    await setPasswordHash(tx, token.userId, hash);
    await useResetTokens(tx, token.userId);
    await revokeUserTokens(tx, token.userId);
  });
}
