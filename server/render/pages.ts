// The shop's pages: every path the route table knows (and a 404 page for the rest) answered with the built
// index.html, its head filled for the page (content/page-head.ts) and, with the SSR bundle, the page
// rendered with its data (ssr-bundle.ts). A rendered page holds nothing of one shopper (the page fills in
// the basket, favourites and name itself), so it is kept in the response cache like a public answer, per
// build, per catalogue generation (a product page per its product's too), and sent from memory after.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { matchRoute } from '../../common/routes.ts';
import { SHOP_NAME } from '../../common/titles.ts';
import { pageHead } from '../content/page-head.ts';
import { cacheKey } from '../http/cache-key.ts';
import { escapeMarkup } from '../http/markup.ts';
import { sendStored } from '../http/stored-response.ts';
import { MESSAGES } from '../plugins/errors.ts';
import { splitUrl } from '../http/split-url.ts';
import { COOKIE_ACCEPTED_COOKIE } from '../../common/storage-keys.ts';
import { chunksOf, inlineStylesheets, pageHtml, readManifest } from './page-html.ts';
import { publicCaller } from './public-call.ts';
import type { PageRenderer, PageVisitor } from './ssr-bundle.ts';

const HTML_HEADERS = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' };

export interface PageSources {
  /** The built index.html, read again when a build replaces it (null: nothing built). */
  template(): { html: string; version: number } | null;
  renderer(): Promise<PageRenderer | null>;
  distDir: string;
  publicUrl: string;
}

/** A product page shows its product's stock: its rendering follows that product's changes too. */
function productOf(pathname: string): number | undefined {
  const found = matchRoute(pathname);
  return found?.route.page === 'product' && found.params.pk ? Number(found.params.pk) : undefined;
}

export function servePages(app: FastifyInstance, sources: PageSources): void {
  const call = publicCaller(app);
  const css = new Map<string, string>();
  let styled: { version: number; html: string; manifest: ReturnType<typeof readManifest> } | null = null;
  const template = () => {
    const t = sources.template();
    if (!t) return null;
    if (styled?.version !== t.version) {
      styled = { version: t.version, html: inlineStylesheets(t.html, sources.distDir, css), manifest: readManifest(sources.distDir) };
    }
    return styled;
  };

  /** The page's status and HTML; with the database unreachable, the bare shell and the route table's status. */
  const render = async (
    t: NonNullable<typeof styled>,
    url: string,
    pathname: string,
    renderer: PageRenderer | null,
    visitor: PageVisitor,
  ): Promise<[number, string]> => {
    const html = t.html;
    try {
      const head = await pageHead(app.db, pathname, sources.publicUrl);
      const rendered = renderer
        ? await renderer.render(sources.publicUrl + url, call, visitor).then(
            (r) => ({ ...r, buildId: escapeMarkup(renderer.buildId), preload: chunksOf(t.manifest, r.page, html) }),
            (err: unknown) => {
              app.log.error({ err, url }, 'page not rendered: the app renders it in the browser');
              return null;
            },
          )
        : null;
      return [head.status, pageHtml(html, head, SHOP_NAME, rendered)];
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
    const t = wantsPage ? template() : null;
    if (!t) return reply.code(404).send({ message: MESSAGES.notFound });
    const renderer = await sources.renderer().catch((err: unknown) => {
      app.log.error({ err }, 'the SSR bundle did not load');
      return null;
    });
    // The one thing of the visitor a page shows: the cookie notice, until it is accepted (two cached forms).
    const visitor: PageVisitor = { cookieNotice: req.cookies[COOKIE_ACCEPTED_COOKIE] !== 'true' };
    const cache = renderer && app.hasDecorator('responseCache') ? app.responseCache : null;
    const key =
      cache && renderer
        ? `page|${renderer.buildId}|${t.version}|${cache.generation(productOf(pathname))}|${visitor.cookieNotice ? 'notice' : 'accepted'}|${cacheKey(req.url)}`
        : null;
    if (cache && key) {
      const stored = cache.get(key) ?? (await cache.join(key));
      if (stored) return sendStored(req, reply, stored, HTML_HEADERS);
    }
    const [status, page] = await render(t, req.url, pathname, renderer, visitor).catch((err: unknown) => {
      if (cache && key) cache.computed(key, null);
      throw err;
    });
    const stored = cache && key ? cache.computed(key, page, status) : undefined;
    if (stored) return sendStored(req, reply, stored, HTML_HEADERS);
    return reply.code(status).headers(HTML_HEADERS).send(page);
  };
  app.get('/', sendPage);
  app.setNotFoundHandler(sendPage);
}
