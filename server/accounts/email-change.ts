// Changing a user's e-mail: the new address gets a single-use link valid for a day, the old one a notice
// that a change was asked for; the account keeps its old e-mail until the link is opened, and the old
// address is told again once it is done. A new request ends the waiting ones.
import type { Db, Queryable } from '../db/public.ts';
import { enqueueMail, type Mail } from '../mail/public.ts';
import { newToken } from '../lib/public.ts';
import { endEmailChanges, insertEmailChange, lockEmailChange, readEmailChange } from './email-change-sql.ts';
import { holderOf, setEmail, userProfile } from './users-sql.ts';
import { ENDPOINTS, endpointPath } from '../../common/endpoints.ts';

export const EMAIL_CHANGE_TTL_S = 24 * 60 * 60;

export const EMAIL_CHANGE_MESSAGES = {
  done: (email: string) => `Готово: теперь ваш e-mail — ${email}. Входите в личный кабинет с ним.`,
  unknown: 'Ссылка для смены e-mail недействительна. Запросите смену e-mail в личном кабинете ещё раз.',
  used: 'Эта ссылка уже использована.',
  expired: 'Срок действия ссылки истёк. Запросите смену e-mail в личном кабинете ещё раз.',
  taken: 'Этот e-mail уже занят другим пользователем. Выберите другой в личном кабинете.',
} as const;

export const emailChangeUrl = (publicUrl: string, token: string) =>
  `${publicUrl}/api${endpointPath(ENDPOINTS.emailChangePage.path, { token })}`;

function confirmMail(to: string, link: string): Mail {
  return {
    kind: 'email_change_confirm',
    to,
    subject: 'Подтвердите новый e-mail — Море и Мода',
    body: [
      'Здравствуйте!',
      '',
      'В личном кабинете магазина «Море и Мода» указали этот адрес как новый e-mail. Чтобы подтвердить его, откройте ссылку:',
      link,
      '',
      'Ссылка действует сутки и только один раз. Если вы ничего не меняли, просто не отвечайте на это письмо.',
    ].join('\n'),
  };
}

function noticeMail(to: string, newEmail: string, done: boolean): Mail {
  return {
    kind: done ? 'email_changed' : 'email_change_asked',
    to,
    subject: done ? 'Ваш e-mail изменён — Море и Мода' : 'Запрошена смена e-mail — Море и Мода',
    body: [
      'Здравствуйте!',
      '',
      done
        ? `E-mail вашего аккаунта в магазине «Море и Мода» изменён на ${newEmail}. Этот адрес больше не связан с аккаунтом.`
        : `В вашем аккаунте магазина «Море и Мода» запросили смену e-mail на ${newEmail}. Она произойдёт, когда по ссылке из письма на новый адрес перейдут.`,
      '',
      'Если это были не вы, сразу смените пароль в личном кабинете или восстановите его по ссылке «Забыли пароль?» и напишите нам.',
    ].join('\n'),
  };
}

/** Mails the link to the new address and the notice to the old one; the change waits for the link. */
export async function askEmailChange(tx: Queryable, userId: number, oldEmail: string, newEmail: string, publicUrl: string): Promise<void> {
  const token = newToken();
  await endEmailChanges(tx, userId);
  await insertEmailChange(tx, token, userId, newEmail, EMAIL_CHANGE_TTL_S);
  await enqueueMail(tx, confirmMail(newEmail, emailChangeUrl(publicUrl, token)));
  await enqueueMail(tx, noticeMail(oldEmail, newEmail, false));
}

/** What the link's page says instead of its button when the link can no longer be used; null when it can. */
export async function emailChangeLinkProblem(db: Queryable, token: string): Promise<string | null> {
  const change = await readEmailChange(db, token);
  return change.state === 'ok' ? null : EMAIL_CHANGE_MESSAGES[change.state];
}

/** The link was opened and confirmed: the e-mail changes (when nobody took it meanwhile). Answers what to say. */
export async function confirmEmailChange(db: Db, token: string): Promise<{ ok: boolean; message: string }> {
  return db.transaction(async (tx) => {
    const change = await lockEmailChange(tx, token);
    if (change.state !== 'ok') return { ok: false, message: EMAIL_CHANGE_MESSAGES[change.state] };
    await endEmailChanges(tx, change.userId);
    if ((await holderOf(tx, 'email', change.newEmail, change.userId)) !== null) return { ok: false, message: EMAIL_CHANGE_MESSAGES.taken };
    const before = await userProfile(tx, change.userId);
    await setEmail(tx, change.userId, change.newEmail);
    if (before?.email) await enqueueMail(tx, noticeMail(before.email, change.newEmail, true));
    return { ok: true, message: EMAIL_CHANGE_MESSAGES.done(change.newEmail) };
  });
}
