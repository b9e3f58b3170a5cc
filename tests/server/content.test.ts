// The content API: blog and news paged newest first, one post by slug or id, information pages, the photo
// feed and the error report form (stored, mailed to the manager, refused in Russian when empty or flooded).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { backends, getJson, startApp } from './harness.ts';
import { LIMITS } from '../../server/http/rate-limit.ts';

interface Page {
  count: number;
  results: { id: number; slug: string; title: string; published_at: string }[];
}

for (const backend of backends) {
  describe(`content API on ${backend.name}`, () => {
    let app: FastifyInstance;
    beforeAll(async () => {
      app = await startApp(backend);
    }, 180_000);
    afterAll(() => app?.close());

    it('pages the blog and the news newest first by offset', async () => {
      const all = await getJson<Page>(app, '/api/v1/news');
      expect(all.status).toBe(200);
      expect(all.body.count).toBeGreaterThan(3);
      const dates = all.body.results.map((p) => p.published_at);
      expect([...dates].sort().reverse()).toEqual(dates);
      const second = await getJson<Page>(app, '/api/v1/news?limit=2&offset=2');
      expect(second.body.results.map((p) => p.id)).toEqual(all.body.results.slice(2, 4).map((p) => p.id));
      expect((await getJson(app, '/api/v1/blog?offset=-1')).status).toBe(400);
    });

    it('finds a post by slug or by id, and says so in Russian when there is none', async () => {
      const { body } = await getJson<Page>(app, '/api/v1/blog?limit=1');
      const first = body.results[0]!;
      const bySlug = await getJson<{ id: number; body_html: string }>(app, `/api/v1/blog/${first.slug}`);
      expect(bySlug.status).toBe(200);
      expect(bySlug.body.body_html).toContain('<p>');
      expect((await getJson<{ id: number }>(app, `/api/v1/blog/${first.id}`)).body.id).toBe(first.id);
      expect(await getJson(app, '/api/v1/blog/no-such-post')).toEqual({ status: 404, body: { message: 'Статья не найдена' } });
      // A news slug is not a blog post.
      const news = (await getJson<Page>(app, '/api/v1/news?limit=1')).body.results[0]!;
      expect((await getJson(app, `/api/v1/blog/${news.slug}`)).status).toBe(404);
    });

    it('answers information pages and the photo feed', async () => {
      const about = await getJson<{ title: string; body_html: string }>(app, '/api/v1/about/delivery-and-payments');
      expect(about.status).toBe(200);
      expect(about.body.title).toBe('Доставка и оплата');
      expect(await getJson(app, '/api/v1/about/no-such-page')).toEqual({ status: 404, body: { message: 'Страница не найдена' } });
      const feed = await getJson<unknown[]>(app, '/api/v1/instagramm_posts');
      expect(feed.body.length).toBeGreaterThan(0);
    });

    it('stores an error report and mails it to the manager', async () => {
      const res = await app.inject({
        method: 'POST',
        url: '/api/v1/send_message/',
        payload: { messageFeedback: { contactData: 'anna@example.ru', message: 'Не открывается фото товара', page: '/kupalniki' } },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ message: 'Сообщение отправлено успешно' });
      const [stored] = await app.db.query<{ contact: string; page: string }>(
        'select contact, page from feedback_messages order by id desc limit 1',
      );
      expect(stored).toEqual({ contact: 'anna@example.ru', page: '/kupalniki' });
      const [mail] = await app.db.query<{ to_addr: string; body_text: string }>(
        `select to_addr, body_text from mail_outbox where kind = 'feedback' order by id desc limit 1`,
      );
      expect(mail!.to_addr).toBe('manager@moreimoda.ru');
      expect(mail!.body_text).toContain('Не открывается фото товара');
    });

    it('refuses an empty report in Russian and a flood with 429', async () => {
      const empty = await app.inject({
        method: 'POST',
        url: '/api/v1/send_message/',
        payload: { messageFeedback: { contactData: ' ', message: 'x' } },
      });
      expect(empty.statusCode).toBe(400);
      expect(empty.json().message).toMatch(/[а-я]/i);
      const send = () =>
        app.inject({
          method: 'POST',
          url: '/api/v1/send_message/',
          remoteAddress: '10.9.8.7',
          payload: { messageFeedback: { contactData: 'a@b.ru', message: 'спам' } },
        });
      const codes: number[] = [];
      for (let i = 0; i < LIMITS.feedbackPerAddress.max; i++) codes.push((await send()).statusCode);
      expect(codes.every((c) => c === 200)).toBe(true);
      const last = await send(); // the first one over the limit
      expect(last.statusCode).toBe(429);
      expect(last.json().message).toContain('Слишком много попыток');
    });
  });
}
