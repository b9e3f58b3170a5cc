// The server's rendering of a page (built by Vite's SSR build into dist/server/entry-server.js, which the
// server loads: server/render/ssr-bundle.ts). For a URL and the answers the server loaded for it (the page
// module's asks, common/page-asks.ts), the answers become the page's seeds, and the app renders with them
// through React's streaming renderer, complete (every lazy page resolved) before it is sent. The seeds go
// into the HTML as JSON for the page to hydrate with.
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Router } from 'wouter';
import { pageAsks } from '../common/page-asks.ts';
import { pageAt } from '../common/routes.ts';
import { askUrl } from './api/asks.ts';
import { App } from './app/App.tsx';
import { pageSource, preloadPage } from './app/pages.tsx';
import type { BasketItem } from '../common/contract/basket.ts';
import { BASKET_SEED, COOKIE_NOTICE_SEED, ORIGIN_SEED, RENDERED_AT_SEED, SeedsContext, type Seed, type Seeds } from './state/seeds.ts';

/** The build this bundle is: the page hydrates the server's HTML only when its own build is the same. */
export const buildId: string = import.meta.env.VITE_BUILD_ID ?? 'dev';

export interface RenderedPage {
  /** The app's markup, for the page's #root. */
  html: string;
  /** The seeds as JSON, for the page to read back. */
  seeds: Seeds;
  /** The page's source file (the build's manifest names its chunk by it), for the server to preload. */
  page: string | null;
}

/**
 * The whole markup from React's streaming renderer, piped once every lazy page has resolved: the content
 * then stands in its place, with no fallback to swap and no inline script to do it (the CSP allows none).
 */
function toHtml(element: ReactNode): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    const sink = new Writable({
      write(chunk: Buffer, _encoding, done) {
        chunks.push(chunk);
        done();
      },
      final(done) {
        resolve(Buffer.concat(chunks).toString('utf8'));
        done();
      },
    });
    const stream = renderToPipeableStream(element, {
      // A page larger than a chunk would otherwise be sent out of order (a fallback, then the content and
      // an inline script that swaps them): the whole page is one chunk, in place.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      onAllReady: () => stream.pipe(sink),
      onShellError: reject,
      onError: (err) => console.error('[render]', err),
    });
  });
}

/** What the server knows of the visitor that changes the page: nothing personal, but on a personal page. */
export interface Visitor {
  /** The visitor has not accepted the cookie notice (no acceptance cookie): the notice is in the HTML. */
  cookieNotice: boolean;
  /** The shopper's confirmed basket, on the basket page (never kept for anyone else) when the server knows them. */
  basket?: BasketItem[];
}

/** The answers the server loaded for the page (server/render/page-answers.ts), by their asks' keys. */
export type PageAnswers = Record<string, Seed>;

/**
 * Renders the page at `url`, the shop's public address and the request's path and query, with the answers
 * the server loaded for it. Each answer's seed names the API address the page would have asked for it,
 * where the service worker keeps it for the app shell offline (common/page-data.ts).
 */
export async function render(url: string, answers: PageAnswers, visitor: Visitor): Promise<RenderedPage> {
  const { origin, pathname, search } = new URL(url);
  const seeds: Seeds = {
    [ORIGIN_SEED]: { data: origin },
    [RENDERED_AT_SEED]: { data: new Date().toISOString() },
    [COOKIE_NOTICE_SEED]: { data: visitor.cookieNotice },
    ...(visitor.basket ? { [BASKET_SEED]: { data: visitor.basket } } : {}),
  };
  for (const a of pageAsks(pageAt(pathname, search))) {
    const seed = answers[a.key];
    if (seed) seeds[a.key] = 'data' in seed ? { data: seed.data, from: askUrl(a) } : seed;
  }
  // The page's chunk first: it then renders in place, never as a fallback to be swapped in later.
  await preloadPage(pathname);
  const html = await toHtml(
    <SeedsContext.Provider value={seeds}>
      <Router ssrPath={pathname} ssrSearch={search.replace(/^\?/, '')}>
        <App />
      </Router>
    </SeedsContext.Provider>,
  );
  return { html, seeds, page: pageSource(pathname) };
}
