// Serves the built app: hashed assets cached for a year, kept in memory and sent in the brotli or gzip form
// the build made (hashed-assets.ts); index.html, sw.js and the manifest checked again on every use; the HTML for every app route with the page's head already filled in for crawlers and link previews
// (404 status for paths no route matches and for products, categories, brands or posts the shop does not
// have), and the 301 that drops a trailing slash (spec §2), everywhere but / and the API.
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { serveHashedAssets } from './hashed-assets.ts';
import { splitUrl } from '../http/public.ts';
import { servePages, ssrBundle, type PageSources } from '../render/public.ts';

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

export async function serveApp(
  app: FastifyInstance,
  distDir: string,
  publicUrl: string,
  renderer: PageSources['renderer'] | undefined = undefined,
): Promise<void> {
  const indexFile = path.join(distDir, 'index.html');
  // Re-read when a new build replaces it, so a running server never hands out the old build's asset names.
  let cached: { mtimeMs: number; html: string } | null = null;
  const indexHtml = (): string | null => {
    const stat = statSync(indexFile, { throwIfNoEntry: false });
    if (!stat) return null;
    if (cached?.mtimeMs !== stat.mtimeMs) cached = { mtimeMs: stat.mtimeMs, html: readFileSync(indexFile, 'utf8') };
    return cached.html;
  };
  if (indexHtml()) {
    serveHashedAssets(app, distDir);
    await app.register(fastifyStatic, {
      root: distDir,
      index: false, // the HTML is ours to answer (below), so unknown routes get a real 404
      // The server's rendering (dist/server/) is the server's own code, not a file of the site.
      allowedPath: (pathName) => !pathName.startsWith('/server/'),
      cacheControl: false,
      // The build wrote each text file's .br and .gz beside it: sent as they are, never compressed per
      // request (sw.js has none: its precache list is written into it after the bundle is compressed).
      // Hashed assets are sent from memory before this, cached for a year (hashed-assets.ts): what is left
      // here (sw.js, the manifest, icons) is checked again on every use.
      preCompressed: true,
      setHeaders(res, file) {
        res.setHeader('cache-control', REVALIDATE);
        if (path.relative(distDir, file) === 'sw.js') res.setHeader('service-worker-allowed', '/');
      },
    });
  } else {
    app.log.warn(`no built app in ${distDir}: serving the API only (run "npm run build")`);
  }

  servePages(app, {
    renderer: renderer ?? ssrBundle(distDir),
    template: () => {
      const html = indexHtml();
      return html && cached ? { html, version: cached.mtimeMs } : null;
    },
    distDir,
    publicUrl,
  });
}
