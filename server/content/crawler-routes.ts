// What crawlers read besides the pages: /robots.txt (the catalogue is open; the basket, checkout, account
// pages and the API are not for indexing) and /sitemap.xml (the static pages of the route table and every
// category, brand, product, post, certificate and landing page the shop has).
import type { FastifyInstance } from 'fastify';
import { href } from '../../common/routes.ts';
import { sitemapRows } from './sitemap-sql.ts';
import { escapeMarkup } from '../http/public.ts';

/** Pages of the route table worth a crawler's time besides what the database lists (sitemapRows). */
const STATIC_PAGES = [
  'index',
  'new',
  'sale',
  'brands',
  'podarochnye-sertifikaty',
  'giftsert',
  'blog',
  'news',
  'instagram',
  'card',
  'rules-discount',
];

/** Paths a crawler should not index: private or per-visitor pages and the API. */
const DISALLOWED = [
  '/api/',
  '/basket',
  '/profile',
  '/address',
  '/history-order',
  '/favorite',
  '/send',
  '/discount',
  '/reset',
  '/recovery',
  '/search',
];

export default async function crawlerRoutes(app: FastifyInstance, opts: { publicUrl: string }): Promise<void> {
  app.get('/robots.txt', async (_req, reply) => {
    const lines = ['User-agent: *', ...DISALLOWED.map((p) => `Disallow: ${p}`), '', `Sitemap: ${opts.publicUrl}/sitemap.xml`, ''];
    return reply.type('text/plain; charset=utf-8').header('cache-control', 'public, max-age=3600').send(lines.join('\n'));
  });

  app.get('/sitemap.xml', async (_req, reply) => {
    const rows = [...STATIC_PAGES.map((name) => ({ path: href(name), modified: null as string | null })), ...(await sitemapRows(app.db))];
    const urls = rows.map(
      (r) => `  <url><loc>${escapeMarkup(opts.publicUrl + r.path)}</loc>${r.modified ? `<lastmod>${r.modified}</lastmod>` : ''}</url>`,
    );
    const xml = `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">\n${urls.join('\n')}\n</urlset>\n`;
    return reply.type('application/xml; charset=utf-8').header('cache-control', 'public, max-age=3600').send(xml);
  });
}
