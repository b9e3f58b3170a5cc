// The mailing list by double opt-in: asking to subscribe only mails a signed confirmation link (valid for
// CONFIRM_TTL_S; the answer is the same whether or not the address is already on the list, so nobody learns
// who is); the subscription starts when the link's page is confirmed. Unsubscribing needs a signed link
// from a mail (never expiring) or the signed-in owner of the address. Links are signed with the shop's key
// (http/signer.ts), so no row is kept for them.
import type { Db } from '../db/public.ts';
import { LIMITS, spendAttempt, type Signer } from '../http/public.ts';
import { enqueueMail, type Mail } from '../mail/public.ts';
import { Refusal } from '../refusal.ts';
import { isSubscribed, setSubscribed } from './subscriptions-sql.ts';
import { ENDPOINTS } from '../../common/endpoints.ts';

/** How long a confirmation link works. */
export const CONFIRM_TTL_S = 3 * 24 * 60 * 60;

export const MAILING_MESSAGES = {
  linkSent: (email: string) => `Мы отправили письмо на ${email}. Откройте ссылку из него, чтобы подтвердить подписку`,
  subscribed: 'Вы подписались на рассылку',
  unsubscribed: 'Вы отписались от рассылки',
  unsubscribeHow: 'Отписаться можно по ссылке из письма рассылки или в личном кабинете',
  confirmAsk: (email: string) => `Подтвердите подписку на рассылку магазина «Море и Мода» для ${email}.`,
  cancelAsk: (email: string) => `Отписать ${email} от рассылки магазина «Море и Мода»?`,
  linkBroken: 'Ссылка недействительна. Подпишитесь ещё раз на странице рассылки.',
  linkExpired: 'Срок действия ссылки истёк. Подпишитесь ещё раз на странице рассылки.',
} as const;

type LinkKind = 'confirm' | 'cancel';
const PURPOSE: Record<LinkKind, string> = { confirm: 'mailing-confirm', cancel: 'mailing-cancel' };
const PATH: Record<LinkKind, string> = { confirm: ENDPOINTS.mailingConfirmPage.path, cancel: ENDPOINTS.mailingCancelPage.path };
const signed = (email: string, until?: number) => (until === undefined ? email : `${email}\n${until}`);

/** The address of a mailed link: the e-mail, the confirmation's deadline, the signature. */
export function mailingLink(signer: Signer, publicUrl: string, kind: LinkKind, email: string, until?: number): string {
  const q = new URLSearchParams({ email, ...(until === undefined ? {} : { until: String(until) }) });
  q.set('sig', signer.sign(PURPOSE[kind], signed(email, until)));
  return `${publicUrl}/api${PATH[kind]}?${q}`;
}

/** Whether a link's query is one the shop mailed and still works. */
export function linkState(signer: Signer, kind: LinkKind, q: { email: string; until?: number; sig: string }): 'ok' | 'broken' | 'expired' {
  if (kind === 'confirm' && q.until === undefined) return 'broken';
  if (!signer.verify(PURPOSE[kind], signed(q.email, q.until), q.sig)) return 'broken';
  if (q.until !== undefined && q.until * 1000 < Date.now()) return 'expired';
  return 'ok';
}

function confirmMail(to: string, confirm: string, cancel: string): Mail {
  return {
    kind: 'mailing_confirm',
    to,
    subject: 'Подтвердите подписку — Море и Мода',
    body: [
      'Здравствуйте!',
      '',
      'Этот адрес указали для подписки на рассылку магазина «Море и Мода»: новинки, скидки и статьи блога. Чтобы подписаться, откройте ссылку:',
      confirm,
      '',
      'Ссылка действует 3 дня. Если вы не подписывались, просто не отвечайте на это письмо: без подтверждения писем не будет.',
      '',
      `Отписаться в любой момент: ${cancel}`,
    ].join('\n'),
  };
}

/** GET /v1/subscribe/: mails the confirmation link (unless already subscribed); limited per address and per e-mail. */
export async function askSubscription(db: Db, signer: Signer, email: string, address: string, publicUrl: string): Promise<string> {
  await spendAttempt(db, [
    [LIMITS.subscribePerAddress, address],
    [LIMITS.subscribePerEmail, email],
  ]);
  if (!(await isSubscribed(db, email))) {
    const until = Math.floor(Date.now() / 1000) + CONFIRM_TTL_S;
    await enqueueMail(
      db,
      confirmMail(email, mailingLink(signer, publicUrl, 'confirm', email, until), mailingLink(signer, publicUrl, 'cancel', email)),
    );
  }
  return MAILING_MESSAGES.linkSent(email);
}

/** GET /v1/unsubscribe/: the signed-in owner of the address, or a signed link from a mail. */
export async function unsubscribe(db: Db, signer: Signer, q: { email: string; sig?: string }, ownEmail: string | null): Promise<string> {
  const allowed = ownEmail === q.email || (q.sig !== undefined && linkState(signer, 'cancel', { email: q.email, sig: q.sig }) === 'ok');
  if (!allowed) throw new Refusal('forbidden', MAILING_MESSAGES.unsubscribeHow);
  await setSubscribed(db, q.email, false);
  return MAILING_MESSAGES.unsubscribed;
}
