// The server's rendering of a page (built by Vite's SSR build into dist/server/entry-server.js, which the
// server loads: server/render/ssr-bundle.ts). For a URL: the route's requests (app/page-requests.ts) run
// with the caller the server gives (its public answers, in-process), their results become the page's
// seeds, and the app renders with them through React's streaming renderer, complete (every lazy page
// resolved) before it is sent. The seeds go into the HTML as JSON for the page to hydrate with.
import { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Router } from 'wouter';
import type { EndpointInfo } from '../common/endpoints.ts';
import { ApiError, callUrl, type ShopCall } from './api/client.ts';
import { App } from './app/App.tsx';
import { pageRequests } from './app/page-requests.ts';
import { pageSource, preloadPage } from './app/pages.tsx';
import type { BasketItem } from '../common/contract/basket.ts';
import { BASKET_SEED, COOKIE_NOTICE_SEED, ORIGIN_SEED, RENDERED_AT_SEED, SeedsContext, type Seed, type Seeds } from './state/seeds.ts';

/** The build this bundle is: the page hydrates the server's HTML only when its own build is the same. */
export const buildId: string = import.meta.env.VITE_BUILD_ID ?? 'dev';

/** The server's answer to one public call: its value, or a throw with the HTTP status it would have had. */
export type ServerCall = (
  endpoint: EndpointInfo,
  input: { params?: Record<string, string>; query?: Record<string, unknown> },
) => Promise<unknown>;

export interface RenderedPage {
  /** The app's markup, for the page's #root. */
  html: string;
  /** The seeds as JSON, for the page to read back. */
  seeds: Seeds;
  /** The page's source file (the build's manifest names its chunk by it), for the server to preload. */
  page: string | null;
}

/** One answer a request's load got: the address the page would have asked, and the answer. */
interface Asked {
  url: string;
  answer: unknown;
}

/**
 * The caller the page's code takes (`ShopCall`), answered by the server; a refusal becomes the page's
 * ApiError. Each answer is noted in `asked` with the address the page's own call would have used.
 */
function callerOf(serverCall: ServerCall, asked: Asked[]): ShopCall {
  return ((endpoint: EndpointInfo, input?: { params?: Record<string, string>; query?: Record<string, unknown> }) =>
    serverCall(endpoint, input ?? {}).then(
      (answer) => {
        asked.push({ url: callUrl(endpoint, input as Parameters<typeof callUrl>[1]), answer });
        return answer;
      },
      (err: unknown) => {
        const status = (err as { statusCode?: unknown }).statusCode;
        throw typeof status === 'number' ? new ApiError((err as Error).message, status) : err;
      },
    )) as ShopCall;
}

/**
 * A request's seed: its data, and, when that data is the one answer it asked for as it came, that answer's
 * address, where the service worker keeps it for the app shell offline (common/page-data.ts).
 */
const seedOf = (data: unknown, asked: Asked[]): Seed =>
  asked.length === 1 && asked[0].answer === data ? { data, from: asked[0].url } : { data };

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

/** Renders the page at `url`, the shop's public address and the request's path and query. */
export async function render(url: string, serverCall: ServerCall, visitor: Visitor): Promise<RenderedPage> {
  const { origin, pathname, search } = new URL(url);
  const seeds: Seeds = {
    [ORIGIN_SEED]: { data: origin },
    [RENDERED_AT_SEED]: { data: new Date().toISOString() },
    [COOKIE_NOTICE_SEED]: { data: visitor.cookieNotice },
    ...(visitor.basket ? { [BASKET_SEED]: { data: visitor.basket } } : {}),
  };
  await Promise.all([
    // The page's chunk first: it then renders in place, never as a fallback to be swapped in later.
    preloadPage(pathname),
    ...pageRequests(pathname, search).map(async (r) => {
      const asked: Asked[] = [];
      try {
        seeds[r.key] = seedOf(await r.load(callerOf(serverCall, asked)), asked);
      } catch (err) {
        const status = err instanceof ApiError ? err.status : 500;
        seeds[r.key] = { error: { status, message: err instanceof Error ? err.message : String(err) } };
      }
    }),
  ]);
  const html = await toHtml(
    <SeedsContext.Provider value={seeds}>
      <Router ssrPath={pathname} ssrSearch={search.replace(/^\?/, '')}>
        <App />
      </Router>
    </SeedsContext.Provider>,
  );
  return { html, seeds, page: pageSource(pathname) };
}
