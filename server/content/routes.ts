// API of the content pages (spec §7 content): blog and news lists paged by offset and one post, the
// information pages (/v1/about/{path}), the photo feed, and the error report form (POST /v1/send_message/:
// stored, and mailed to the shop's manager through the outbox). Rich text leaves sanitized (rich-text.ts).
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { LIMITS, route, spendAttempt } from '../http/public.ts';
import { shopMail } from '../orders/public.ts';
import { enqueueMail } from '../mail/public.ts';
import { Refusal } from '../refusal.ts';
import { findInfoPage, findPost, insertFeedback, listInstagramPosts, postPage } from './posts-sql.ts';
import { safeRichText } from './rich-text.ts';

const FEEDBACK_SENT = 'Сообщение отправлено успешно';
const INSTAGRAM_LIMIT = 12;

export default async function contentRoutes(app: FastifyInstance): Promise<void> {
  for (const [kind, list, post, notFound] of [
    ['blog', ENDPOINTS.blog, ENDPOINTS.blogPost, 'Статья не найдена'],
    ['news', ENDPOINTS.news, ENDPOINTS.newsPost, 'Новость не найдена'],
  ] as const) {
    route(app, list, async (req) => postPage(app.db, kind, req.query.limit, req.query.offset));
    route(app, post, async (req) => {
      const found = req.params.id.length <= 200 ? await findPost(app.db, kind, req.params.id) : null;
      if (!found) throw new Refusal('notFound', notFound);
      return { ...found, body_html: safeRichText(found.body_html, app.config.publicUrl) };
    });
  }

  route(app, ENDPOINTS.infoPage, async (req) => {
    const page = req.params.path.length <= 100 ? await findInfoPage(app.db, req.params.path) : null;
    if (!page) throw new Refusal('notFound', 'Страница не найдена');
    return { ...page, body_html: safeRichText(page.body_html, app.config.publicUrl) };
  });

  route(app, ENDPOINTS.instagram, async () => listInstagramPosts(app.db, INSTAGRAM_LIMIT));

  route(app, ENDPOINTS.sendMessage, async (req) => {
    const m = req.body.messageFeedback;
    await spendAttempt(app.db, [[LIMITS.feedbackPerAddress, req.ip]]);
    await app.db.transaction(async (tx) => {
      const id = await insertFeedback(tx, m.contactData, m.message, m.page ?? '');
      const shop = await shopMail(tx);
      if (shop.manager_email) {
        await enqueueMail(tx, {
          kind: 'feedback',
          to: shop.manager_email,
          subject: `Сообщение об ошибке №${id}`,
          body: `Контакт: ${m.contactData}\nСтраница: ${m.page || '—'}\n\n${m.message}`,
        });
      }
    });
    return { message: FEEDBACK_SENT };
  });
}
