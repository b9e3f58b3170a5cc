// API of the mailing (spec §7): GET /v1/subscribe/?email mails a confirmation link, GET /v1/unsubscribe/?email
// unsubscribes the signed-in owner or the holder of a signed link; and the pages the mailed links open,
// each a button that POSTs back (mailing.ts has the rules).
import type { FastifyInstance, FastifyReply } from 'fastify';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { formPageRoutes, route, sendLinkPage, type LinkPage } from '../http/public.ts';
import { checkedEmail } from './account-rules.ts';
import { userProfile } from './users-sql.ts';
import { setSubscribed } from './subscriptions-sql.ts';
import { MAILING_MESSAGES, askSubscription, linkState, mailingLink, unsubscribe } from './mailing.ts';

export default async function mailingRoutes(app: FastifyInstance): Promise<void> {
  route(app, ENDPOINTS.subscribe, async (req) => ({
    message: await askSubscription(app.db, app.signer, checkedEmail(req.query.email), req.ip, app.config.publicUrl),
  }));

  route(app, ENDPOINTS.unsubscribe, async (req) => {
    const own = req.userId === null ? null : ((await userProfile(app.db, req.userId))?.email ?? null);
    return { message: await unsubscribe(app.db, app.signer, { ...req.query, email: checkedEmail(req.query.email) }, own) };
  });

  const page = (reply: FastifyReply, status: number, title: string, text: string, button?: LinkPage['button']) =>
    sendLinkPage(reply, status, { title, text, button, back: `${app.config.publicUrl}/` });

  formPageRoutes(app, (scope) => {
    for (const kind of ['confirm', 'cancel'] as const) {
      const [showing, doing] =
        kind === 'confirm'
          ? [ENDPOINTS.mailingConfirmPage, ENDPOINTS.mailingConfirm]
          : [ENDPOINTS.mailingCancelPage, ENDPOINTS.mailingCancel];
      const title = kind === 'confirm' ? 'Подписка на рассылку' : 'Отписка от рассылки';
      route(scope, showing, async (req, reply) => {
        const q = req.query;
        const state = linkState(app.signer, kind, q);
        if (state !== 'ok') return page(reply, 400, title, MAILING_MESSAGES[state === 'broken' ? 'linkBroken' : 'linkExpired']);
        const action = mailingLink(app.signer, app.config.publicUrl, kind, q.email, q.until);
        return kind === 'confirm'
          ? page(reply, 200, title, MAILING_MESSAGES.confirmAsk(q.email), { label: 'Подписаться', action })
          : page(reply, 200, title, MAILING_MESSAGES.cancelAsk(q.email), { label: 'Отписаться', action });
      });
      route(scope, doing, async (req, reply) => {
        const q = req.query;
        const state = linkState(app.signer, kind, q);
        if (state !== 'ok') return page(reply, 400, title, MAILING_MESSAGES[state === 'broken' ? 'linkBroken' : 'linkExpired']);
        await setSubscribed(app.db, q.email, kind === 'confirm');
        return page(reply, 200, title, MAILING_MESSAGES[kind === 'confirm' ? 'subscribed' : 'unsubscribed']);
      });
    }
  });
}
