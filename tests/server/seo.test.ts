// What crawlers and link previews get without JavaScript: each app route's HTML with its title,
// description, keywords, canonical link and Open Graph tags filled from the SEO record, the page's own
// name or the title table; 404 for what the shop does not have; robots.txt and sitemap.xml.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { NOTICE_WAIT, oneBackend, startApp } from './harness.ts';

const tag = (html: string, re: RegExp) => re.exec(html)?.[1] ?? null;
const title = (html: string) => tag(html, /<title>([^<]*)<\/title>/);
const metaOf = (html: string, key: string) => tag(html, new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`));
const canonical = (html: string) => tag(html, /<link rel="canonical" href="([^"]*)"/);

for (const backend of oneBackend) {
  describe(`page heads and crawler files on ${backend.name}`, () => {
    let app: FastifyInstance;
    let product: { id: number; name: string; brand: string; path: string };
    beforeAll(async () => {
      app = await startApp(backend);
      const [row] = await app.db.query<{ id: number; name: string; brand: string; path: string }>(
        `select p.id, p.name, b.name as brand,
                '/' || array_to_string((string_to_array(c.path, '/'))[1:3], '/') || '/' || p.id || '/' || p.slug as path
           from products p join brands b on b.id = p.brand_id join categories c on c.id = p.category_id
          where p.active and c.depth >= 1 order by p.id limit 1`,
      );
      product = row!;
    }, 180_000);
    afterAll(() => app?.close());

    it('names a category from its SEO record, with description, keywords and canonical link', async () => {
      const res = await app.inject('/kupalniki');
      expect(res.statusCode).toBe(200);
      expect(title(res.body)).toBe('Купальники — купить в интернет-магазине Море и Мода');
      expect(metaOf(res.body, 'description')).toContain('Купить купальники');
      expect(metaOf(res.body, 'keywords')).toBeTruthy();
      expect(canonical(res.body)).toBe('http://localhost:8080/kupalniki');
      expect(metaOf(res.body, 'og:title')).toBe(title(res.body));
      expect(res.body.match(/<title>/g)).toHaveLength(1);
    });

    it('names a subcategory without an SEO record from the category itself', async () => {
      const [sub] = await app.db.query<{ path: string; name: string }>(
        `select c.path, c.name from categories c where c.depth = 1 and not exists (select 1 from seo_records s where s.url = '/' || c.path) order by c.id limit 1`,
      );
      const res = await app.inject(`/${sub!.path}`);
      expect(res.statusCode).toBe(200);
      expect(title(res.body)).toBe(`${sub!.name} — Море и Мода`);
    });

    it("gives a product page the product's name in og:title, its picture and its own address as canonical", async () => {
      const res = await app.inject(product.path);
      expect(res.statusCode).toBe(200);
      expect(metaOf(res.body, 'og:title')).toBe(`${product.name} — ${product.brand} — Море и Мода`.replace(/&/g, '&amp;'));
      expect(metaOf(res.body, 'og:type')).toBe('product');
      expect(metaOf(res.body, 'og:image')).toMatch(/^http:\/\/localhost:8080\/media\//);
      // Reached under another category path, the canonical link still names the product's own address.
      const other = await app.inject(`/aksessuary/sumki/${product.id}`);
      expect(canonical(other.body)).toBe(`http://localhost:8080${product.path}`);
    });

    it('answers 404 with the error title for a route that matches but names nothing the shop has', async () => {
      for (const url of [
        '/kupalniki/bikini/2147483000/x',
        '/brands/no-such-brand',
        '/kupalniki/no-such-sub',
        '/blog/no-such-post',
        '/no/such/page/here/at/all',
      ]) {
        const res = await app.inject(url);
        expect(res.statusCode, url).toBe(404);
        expect(title(res.body), url).toBe('Ошибка — Море и Мода');
        expect(metaOf(res.body, 'robots'), url).toBe('noindex');
        expect(res.body, url).toContain('<div id="root">');
      }
      // An information page the shop has no text for is the error page in the app, and a 404 here.
      expect((await app.inject('/story')).statusCode).toBe(200);
      // The page is made from the API's answer, which the cache keeps until the database's notice of the change
      // arrives (on PostgreSQL a moment later).
      await app.db.query(`delete from info_pages where path = 'story'`);
      await vi.waitFor(async () => expect((await app.inject('/story')).statusCode).toBe(404), NOTICE_WAIT);
    });

    it("writes the page's own head, the one the app names itself with: a search, a tag, a certificate, the gift card", async () => {
      const search = await app.inject(`/search?searchParam=${encodeURIComponent('бикини')}`);
      expect(title(search.body)).toBe('Результаты поиска: «бикини» — Море и Мода');
      const [tagged] = await app.db.query<{ path: string; name: string; tag: string; tag_name: string }>(
        `select c.path, c.name, t.slug as tag, t.name as tag_name from categories c join category_tags t on t.category_id = c.id
          where not exists (select 1 from seo_records s where s.url = '/' || c.path || '/tag/' || t.slug) order by c.id, t.id limit 1`,
      );
      const tagPage = await app.inject(`/${tagged!.path}/tag/${tagged!.tag}`);
      expect(title(tagPage.body)).toBe(`${tagged!.name}: ${tagged!.tag_name} — Море и Мода`);
      const [certificate] = await app.db.query<{ slug: string; name: string }>(
        `select slug, name from gift_certificates order by id limit 1`,
      );
      const one = await app.inject(`/podarochnye-sertifikaty/${certificate!.slug}`);
      expect(title(one.body)).toBe(`${certificate!.name} — Море и Мода`);
      expect((await app.inject('/podarochnye-sertifikaty/no-such-certificate')).statusCode).toBe(404);
      const card = await app.inject('/card');
      expect(title(card.body)).toBe('Подарочная карта — Море и Мода');
      expect(metaOf(card.body, 'description')).toBe('Проверка остатка и срока действия подарочной карты «Море и Мода».');
    });

    it('escapes what an SEO record says, so it can never become markup', async () => {
      await app.db.query(
        `insert into seo_records (url, title, description, keywords) values ('/sale', '"><script>alert(1)</script>', 'a & b', 'x')
         on conflict (url) do update set title = excluded.title, description = excluded.description`,
      );
      const res = await app.inject('/sale');
      expect(res.body).not.toContain('<script>alert(1)');
      expect(title(res.body)).toBe('&quot;&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
      expect(metaOf(res.body, 'description')).toBe('a &amp; b');
    });

    it('lists categories, brands, products and posts in sitemap.xml and points robots.txt at it', async () => {
      const map = await app.inject('/sitemap.xml');
      expect(map.statusCode).toBe(200);
      expect(map.headers['content-type']).toContain('application/xml');
      for (const path of ['/', '/kupalniki', '/brands/maaji', product.path]) {
        expect(map.body).toContain(`<loc>http://localhost:8080${path}</loc>`);
      }
      expect(map.body).toMatch(/<loc>http:\/\/localhost:8080\/blog\/[^<]+<\/loc>/);
      const robots = await app.inject('/robots.txt');
      expect(robots.statusCode).toBe(200);
      expect(robots.body).toContain('Disallow: /basket');
      expect(robots.body).toContain('Sitemap: http://localhost:8080/sitemap.xml');
    });
  });
}
