// The shop's pages: every path the route table knows (and a 404 page for the rest) answered with the built
// index.html, its head filled for the page from its answers (page-answers.ts, page-head.ts) and, with the SSR
// bundle, the page rendered with the same answers (ssr-bundle.ts). A rendered page holds nothing of one shopper (the page fills in
// favourites and the name itself), so it is kept in the response cache like a public answer, per build, per
// catalogue generation (a product page per its product's too), and sent from memory after; a page made while
// the database failed is sent but not kept. The one exception is a personal page (the basket): rendered with
// its shopper's basket each time, and sent `no-store`.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { pageAddress } from '../../common/page-address.ts';
import { matchRoute, pageAt } from '../../common/routes.ts';
import { SHOP_NAME } from '../../common/titles.ts';
import { productPage } from '../../common/pages/product.ts';
import { MESSAGES, escapeMarkup, pageShopper, sendStored, splitUrl, staffPageStatus, type Computed } from '../http/public.ts';
import { readBasket } from '../basket/public.ts';
import { BASKET_QUEUED_COOKIE, BUILD_HEADER, COOKIE_ACCEPTED_COOKIE } from '../../common/storage-keys.ts';
import { hydrationChunks, inlineStylesheets, pageHtml, readManifest } from './page-html.ts';
import { loadPageAnswers } from './page-answers.ts';
import { pageHead } from './page-head.ts';
import { publicCaller } from './public-call.ts';
import type { PageRenderer, PageVisitor } from './ssr-bundle.ts';

const HTML_HEADERS = { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-cache' };
/** A page rendered for its shopper: kept by no cache, the browser's, a proxy's or the service worker's. */
const PERSONAL_HEADERS = { ...HTML_HEADERS, 'cache-control': 'private, no-store' };

export interface PageSources {
  /** The built index.html, read again when a build replaces it (null: nothing built). */
  template(): { html: string; version: number } | null;
  renderer(): Promise<PageRenderer | null>;
  distDir: string;
  publicUrl: string;
}

/** An answer the page was rendered with that failed on the server's side (its seed holds the error). */
const isServerError = (seed: unknown) => {
  const status = (seed as { error?: { status?: unknown } }).error?.status;
  return typeof status === 'number' && status >= 500;
};

/** A product page shows its product's stock: its rendering follows that product's changes too. */
function productOf(pathname: string): number | undefined {
  const found = matchRoute(pathname);
  return found?.route.page === productPage.key && found.params.pk ? Number(found.params.pk) : undefined;
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

  /**
   * The page's status and HTML, and whether it is whole: rendered with every answer in. A page made while the
   * database failed (a failed answer: the head cannot tell a page from a 404) is sent, but never kept.
   */
  const render = async (
    t: NonNullable<typeof styled>,
    url: string,
    renderer: PageRenderer | null,
    visitor: PageVisitor,
  ): Promise<Computed> => {
    const [pathname, query] = splitUrl(url);
    const at = pageAt(pathname, query);
    const answers = await loadPageAnswers(call, at);
    const head = pageHead(at, answers, sources.publicUrl);
    const rendered = renderer
      ? await renderer.render(sources.publicUrl + url, answers, visitor).then(
          (r) => ({ ...r, buildId: escapeMarkup(renderer.buildId), preload: hydrationChunks(t.manifest, r.page, t.html) }),
          (err: unknown) => {
            app.log.error({ err, url }, 'page not rendered: the app renders it in the browser');
            return null;
          },
        )
      : null;
    const failedAnswer = Object.values(answers).some(isServerError);
    return {
      status: head.status ?? 200,
      body: pageHtml(t.html, head, SHOP_NAME, rendered),
      keep: !!rendered && !failedAnswer && head.status !== null,
    };
  };

  /** The shopper's own things a personal page shows: their confirmed basket, when the server can tell who they are. */
  const personalOf = async (req: FastifyRequest): Promise<Pick<PageVisitor, 'basket'>> => {
    // The device holds changes the server has not confirmed: its basket is not the server's, and the page
    // shows its placeholder until the app has the device's queue (common/storage-keys.ts).
    if (req.cookies[BASKET_QUEUED_COOKIE] === '1') return {};
    try {
      const who = await pageShopper(app, req);
      return who ? { basket: await readBasket(app.db, who) } : {};
    } catch (err) {
      app.log.error({ err }, 'the basket page is rendered without the basket: the app shows it when it has it');
      return {};
    }
  };

  const sendPage = async (req: FastifyRequest, reply: FastifyReply) => {
    const [pathname, query] = splitUrl(req.url);
    // The page's own address: tags of where the shopper came from (utm_*, source=pwa) change nothing in it,
    // so it is rendered and kept once for all of them.
    const url = pageAddress(pathname, query ? `?${query}` : '');
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
    // What a page shows of its visitor: the cookie notice, until it is accepted (two cached forms); a personal
    // page (the basket) their own things too, and it is never kept, here or by the service worker.
    const route = matchRoute(pathname)?.route;
    const personal = route?.personal === true;
    // A staff page (the desk) is refused by its status to everyone else; the page says why and offers the login.
    const staffStatus = route?.staff ? await staffPageStatus(app, req) : null;
    const visitor: PageVisitor = {
      cookieNotice: req.cookies[COOKIE_ACCEPTED_COOKIE] !== 'true',
      ...(personal && renderer ? await personalOf(req) : {}),
    };
    const compute = () => render(t, url, renderer, visitor);
    // A rendered page names its build: the service worker keeps only its own build's pages.
    const base = personal ? PERSONAL_HEADERS : HTML_HEADERS;
    const headers = renderer ? { ...base, [BUILD_HEADER]: renderer.buildId } : base;
    if (!renderer || personal || !app.hasDecorator('responseCache')) {
      const page = await compute();
      return reply
        .code(staffStatus !== null && staffStatus !== 200 ? staffStatus : (page.status ?? 200))
        .headers(headers)
        .send(page.body);
    }
    const scope = `page|${renderer.buildId}|${t.version}|${visitor.cookieNotice ? 'notice' : 'accepted'}`;
    const key = app.responseCache.keyOf(url, { productId: productOf(pathname), scope });
    return sendStored(req, reply, await app.responseCache.getOrCompute(key, compute), headers);
  };
  app.get('/', sendPage);
  app.setNotFoundHandler(sendPage);
}
