// Who may become staff: each address STAFF_EMAILS names is invited by a single-use link mailed to it (valid
// INVITATION_TTL_HOURS), and only the account signed in with that very address that opens the link becomes the
// address's member. Registering a staff address first therefore gives nothing: the desk waits for whoever can
// read its mail. At every start the members follow STAFF_EMAILS: a new address is invited, one taken out is
// forgotten with its second factor, recovery codes and open desks (so adding it back asks for proof again).
import type { FastifyBaseLogger } from 'fastify';
import { lockName, type Db, type Queryable } from '../db/public.ts';
import { LIMITS, spendAttempt } from '../http/public.ts';
import { enqueueMail, type Mail } from '../mail/public.ts';
import { newToken } from '../lib/public.ts';
import { Refusal } from '../refusal.ts';
import { addMembers, confirmMember, dropMembersExcept, insertInvitation, lockInvitation, memberByEmail } from './staff-sql.ts';

/** How long an invitation link works. */
export const INVITATION_TTL_HOURS = 72;

export const INVITATION_MESSAGES = {
  unknown: 'Ссылка приглашения недействительна. Попросите владельца магазина пригласить вас ещё раз',
  used: 'Это приглашение уже принято. Если это были не вы, сообщите владельцу магазина',
  expired: 'Срок действия приглашения истёк. Отправьте приглашение ещё раз',
  otherAccount: 'Приглашение отправлено на другой адрес. Войдите под учётной записью с адресом, на который пришло письмо',
  notStaff: 'Этот адрес не входит в список сотрудников магазина',
  sent: 'Приглашение отправлено на вашу почту',
  confirmed: 'Адрес уже подтверждён',
} as const;

const invitationUrl = (publicUrl: string, token: string) => `${publicUrl}/manage?invitation=${token}`;

function invitationMail(to: string, link: string): Mail {
  return {
    kind: 'staff_invitation',
    to,
    subject: 'Приглашение на рабочее место менеджера — Море и Мода',
    body: [
      'Здравствуйте!',
      '',
      'Владелец магазина «Море и Мода» добавил ваш адрес в список сотрудников. Чтобы открыть рабочее место менеджера,',
      'войдите в магазин под этим адресом (или зарегистрируйтесь с ним) и откройте ссылку:',
      link,
      '',
      `Ссылка действует ${INVITATION_TTL_HOURS} часа и только один раз. Затем вы подключите приложение-аутентификатор`,
      '(Яндекс Ключ, Google Authenticator или любое другое): без кода из него рабочее место не откроется.',
      '',
      'Если вы не ждали этого письма, не открывайте ссылку и сообщите владельцу магазина.',
    ].join('\n'),
  };
}

async function invite(tx: Queryable, email: string, publicUrl: string): Promise<void> {
  const token = newToken();
  await insertInvitation(tx, token, email, INVITATION_TTL_HOURS);
  await enqueueMail(tx, invitationMail(email, invitationUrl(publicUrl, token)));
}

/**
 * At the start of every server: the members follow STAFF_EMAILS (under one lock, so processes starting at once
 * invite each address once).
 */
export async function followStaffList(db: Db, staffEmails: string[], publicUrl: string, log: FastifyBaseLogger): Promise<void> {
  const { added, dropped } = await db.transaction(async (tx) => {
    await lockName(tx, 'staff:members');
    const dropped = await dropMembersExcept(tx, staffEmails);
    const added = await addMembers(tx, staffEmails);
    for (const email of added) await invite(tx, email, publicUrl);
    return { added, dropped };
  });
  for (const email of added) log.info({ email }, 'staff: invitation mailed');
  for (const email of dropped) log.warn({ email }, 'staff: address left STAFF_EMAILS; its desk is closed');
}

/** Mails the signed-in staff address a fresh invitation (an earlier one expired or was lost). */
export async function inviteAgain(db: Db, email: string, publicUrl: string): Promise<void> {
  await spendAttempt(db, [[LIMITS.invitationPerStaff, email]]);
  await db.transaction(async (tx) => {
    await lockName(tx, 'staff:members');
    await addMembers(tx, [email]);
    await invite(tx, email, publicUrl);
  });
}

/**
 * Takes an invitation for the signed-in account: its address must be the invited one (and still on the list).
 * The address's member becomes this account, its second factor to be set up anew.
 */
export async function acceptInvitation(
  db: Db,
  token: string,
  userId: number,
  userEmail: string | null,
  staffEmails: string[],
): Promise<void> {
  await db.transaction(async (tx) => {
    const invitation = await lockInvitation(tx, token);
    if (invitation.state !== 'ok') {
      // The account that took it opens the link again: nothing to do.
      const member = userEmail ? await memberByEmail(tx, userEmail) : null;
      if (invitation.state === 'used' && member?.confirmed && member.userId === userId) return;
      throw new Refusal('invalid', INVITATION_MESSAGES[invitation.state]);
    }
    if (!staffEmails.includes(invitation.email)) throw new Refusal('forbidden', INVITATION_MESSAGES.notStaff);
    if (userEmail?.toLowerCase() !== invitation.email) throw new Refusal('forbidden', INVITATION_MESSAGES.otherAccount);
    await confirmMember(tx, invitation.email, userId);
  });
}
