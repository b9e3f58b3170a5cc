// Serves the built app: hashed assets cached for a year, kept in memory and sent in the brotli or gzip form
// the build made,
// index.html / sw.js / the manifest never cached,
// the SPA's HTML for every app route with the page's head already filled in for crawlers and link previews
// (404 status for paths no route matches and for products, categories, brands or posts the shop does not
// have), and the 301 that drops a trailing slash (spec §2), everywhere but / and the API.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchRoute } from '../../common/routes.ts';
import { SHOP_NAME } from '../../common/titles.ts';
import { withHead } from '../content/head-html.ts';
import { pageHead } from '../content/page-head.ts';
import { MESSAGES } from './errors.ts';
import { serveHashedAssets } from './hashed-assets.ts';

const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';

export function redirectTrailingSlash(app: FastifyInstance): void {
  app.addHook('onRequest', async (req, reply) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return;
    const [pathname, query] = splitUrl(req.url);
    if (pathname === '/' || !pathname.endsWith('/') || pathname.startsWith('/api/')) return;
    // Collapse leading slashes too: "//evil.example/" must not become a protocol-relative redirect.
    const target = '/' + pathname.replace(/^\/+/, '').replace(/\/+$/, '');
    return reply.redirect(target + (query ? `?${query}` : ''), 301);
  });
}

export function splitUrl(url: string): [string, string] {
  const q = url.indexOf('?');
  return q < 0 ? [url, ''] : [url.slice(0, q), url.slice(q + 1)];
}

export async function serveApp(app: FastifyInstance, distDir: string, publicUrl: string): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  // Re-read when a new build replaces it, so a running server never hands out the old build's asset names.
  let cached: { mtimeMs: number; html: string } | null = null;
  const indexHtml = (): string | null => {
    if (!existsSync(indexFile)) return null;
    const { mtimeMs } = statSync(indexFile);
    if (cached?.mtimeMs !== mtimeMs) cached = { mtimeMs, html: readFileSync(indexFile, 'utf8') };
    return cached.html;
  };
  if (indexHtml()) {
    serveHashedAssets(app, distDir);
    await app.register(fastifyStatic, {
      root: distDir,
      index: false, // the HTML is ours to answer (below), so unknown routes get a real 404
      cacheControl: false,
      // The build wrote each text file's .br and .gz beside it: sent as they are, never compressed per
      // request (sw.js has none: its precache list is written into it after the bundle is compressed).
      // Hashed assets are sent from memory before this (hashed-assets.ts).
      preCompressed: true,
      setHeaders(res, file) {
        const rel = path.relative(distDir, file);
        res.setHeader('cache-control', rel.startsWith(`assets${path.sep}`) ? IMMUTABLE : REVALIDATE);
        if (rel === 'sw.js') res.setHeader('service-worker-allowed', '/');
      },
    });
  } else {
    app.log.warn(`no built app in ${distDir}: serving the API only (run "npm run build")`);
  }

  /** The page's HTML and status; with the database unreachable, the bare HTML and the route table's status. */
  const renderPage = async (html: string, pathname: string): Promise<[number, string]> => {
    try {
      const head = await pageHead(app.db, pathname, publicUrl);
      return [head.status, withHead(html, head, SHOP_NAME)];
    } catch (err) {
      app.log.error({ err }, 'page head not rendered');
      return [matchRoute(pathname) ? 200 : 404, html];
    }
  };

  const sendPage = async (req: FastifyRequest, reply: FastifyReply) => {
    const [pathname] = splitUrl(req.url);
    const wantsPage =
      (req.method === 'GET' || req.method === 'HEAD') &&
      !pathname.startsWith('/api/') &&
      !pathname.startsWith('/media/') &&
      !/\.[a-z0-9]{1,8}$/i.test(pathname);
    const html = wantsPage ? indexHtml() : null;
    if (!html) return reply.code(404).send({ message: MESSAGES.notFound });
    const [status, page] = await renderPage(html, pathname);
    return reply.code(status).type('text/html; charset=utf-8').header('cache-control', REVALIDATE).send(page);
  };
  app.get('/', sendPage);
  app.setNotFoundHandler(sendPage);
}
