// API of the content pages (spec §7 content): blog and news lists paged by offset and one post, the
// information pages (/v1/about/{path}), the photo feed, and the error report form (POST /v1/send_message/:
// stored, and mailed to the shop's manager through the outbox).
import type { FastifyInstance } from 'fastify';
import {
  CONTENT_KINDS,
  InfoPage,
  InstagramPostList,
  MessageBody,
  PageQuery,
  Post,
  PostPage,
  SendMessageRequest,
} from '../../common/contract.ts';
import { answer, parse } from '../http/contract.ts';
import { HttpError } from '../plugins/errors.ts';
import { shopMail } from '../orders/orders-sql.ts';
import { findInfoPage, findPost, insertFeedback, listInstagramPosts, postPage } from './posts-sql.ts';
import { enqueueMail } from '../mail/mail.ts';
import { LIMITS, spendAttempt } from '../http/rate-limit.ts';

const FEEDBACK_SENT = 'Сообщение отправлено успешно';
const INSTAGRAM_LIMIT = 12;

export default async function contentRoutes(app: FastifyInstance): Promise<void> {
  for (const kind of CONTENT_KINDS) {
    app.get(`/v1/${kind}`, async (req) => {
      const { limit, offset } = parse(req.query, PageQuery);
      return answer(await postPage(app.db, kind, limit, offset), PostPage);
    });
    app.get<{ Params: { id: string } }>(`/v1/${kind}/:id`, async (req) => {
      const post = req.params.id.length <= 200 ? await findPost(app.db, kind, req.params.id) : null;
      if (!post) throw new HttpError(404, kind === 'blog' ? 'Статья не найдена' : 'Новость не найдена');
      return answer(post, Post);
    });
  }

  app.get<{ Params: { path: string } }>('/v1/about/:path', async (req) => {
    const page = req.params.path.length <= 100 ? await findInfoPage(app.db, req.params.path) : null;
    if (!page) throw new HttpError(404, 'Страница не найдена');
    return answer(page, InfoPage);
  });

  app.get('/v1/instagramm_posts', async () => answer(await listInstagramPosts(app.db, INSTAGRAM_LIMIT), InstagramPostList));

  app.post('/v1/send_message/', async (req) => {
    const { messageFeedback: m } = parse(req.body, SendMessageRequest);
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
    return answer({ message: FEEDBACK_SENT }, MessageBody);
  });
}
