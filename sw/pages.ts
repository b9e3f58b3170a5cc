// Navigations: the server's rendered page, kept per build for the next visit under its own address (path and
// the query the page reads: `/?source=pwa`, the installed app's start, and `/?utm_source=…` are the page `/`,
// common/page-address.ts). A page comes from the network when it answers within 300 ms, else from the cache
// at once (offline, or a slow network: the page then still updates the cache behind), marked as kept
// (common/page-data.ts): the app asks its data again, so a price changed since is not left on screen; a page
// not kept, offline, gets the precached shell, which the app fills from the cached answers (a kept page's
// data is put there too: page-data.ts) or with its Russian offline notice. The cache's name carries the
// build, so the next version of the worker never serves a page made for other scripts (activate drops it).
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { ExpirationPlugin } from 'workbox-expiration';
import { matchPrecache } from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';
import { NetworkFirst } from 'workbox-strategies';
import { pageAddress } from '../common/page-address.ts';
import { markKept } from '../common/page-data.ts';
import { BUILD_HEADER } from '../common/storage-keys.ts';
import { BUILD_ID, PAGES_CACHE } from './cache-names.ts';
import { navigationDenylist } from './cache-rules.ts';
import { keepPageData } from './page-data.ts';

declare const self: ServiceWorkerGlobalScope;

/** How long a navigation waits for the network before the visited page is taken from the cache. */
const NETWORK_WAIT_SECONDS = 0.3;

/** The pages cache's key of a navigation: the page's own address, whatever tags of the visit its URL carries. */
export function pageKey(url: string): string {
  const u = new URL(url);
  return `${u.origin}${pageAddress(u.pathname, u.search)}`;
}

const pages = new NetworkFirst({
  cacheName: PAGES_CACHE,
  networkTimeoutSeconds: NETWORK_WAIT_SECONDS,
  // A page varies by encoding only on the wire (Vary: accept-encoding); the cached copy is the page itself.
  matchOptions: { ignoreVary: true },
  plugins: [
    {
      cacheKeyWillBeUsed: async ({ request }) => pageKey(request.url),
      cachedResponseWillBeUsed: async ({ cachedResponse }) => cachedResponse && keptResponse(cachedResponse),
      // A page rendered for its shopper (the basket) is sent `no-store`: never kept, so never shown to whoever
      // uses this browser next; offline it is the shell, filled from this device's own stored basket.
      cacheWillUpdate: async ({ response }) => (/no-store/.test(response.headers.get('cache-control') ?? '') ? null : response),
      // The page's data goes where the app's own calls look for it (the API cache), for the shell offline.
      cacheDidUpdate: async ({ newResponse }) => void (await keepPageData(await newResponse.text())),
    },
    // Only this build's pages: while an update waits, the network already answers with the new build's
    // pages, whose scripts this worker never precached; those are not kept here (the new worker keeps them).
    new CacheableResponsePlugin({ statuses: [200], headers: { [BUILD_HEADER]: BUILD_ID } }),
    new ExpirationPlugin({ maxEntries: 80, maxAgeSeconds: 14 * 24 * 3600, purgeOnQuotaError: true }),
  ],
});

/** A page from the cache, marked as kept; its length is no longer the stored one. */
async function keptResponse(kept: Response): Promise<Response> {
  const headers = new Headers(kept.headers);
  headers.delete('content-length');
  return new Response(markKept(await kept.text()), { status: kept.status, statusText: kept.statusText, headers });
}

export function registerPageRoutes(): void {
  registerRoute(
    new NavigationRoute(
      async (options) => {
        try {
          return await pages.handle(options);
        } catch {
          return (await matchPrecache('/index.html')) ?? Response.error();
        }
      },
      { denylist: navigationDenylist(self.location.origin) },
    ),
  );
  // A page reached inside the app, kept for offline (src/state/sw-update.ts).
  self.addEventListener('message', (event) => {
    const data = event.data as { type?: string; url?: string } | null;
    if (data?.type !== 'CACHE_PAGE' || typeof data.url !== 'string') return;
    // workbox-window's messageSW waits for an answer on the message's port.
    event.waitUntil(keepPage(data.url, event).then((ok) => event.ports[0]?.postMessage(ok)));
  });
}

/** Keeps a same-origin page as the server renders it (its data too), unless it is kept already; whether it is. */
function keepPage(href: string, event: ExtendableEvent): Promise<boolean> {
  const url = new URL(href, self.location.origin);
  if (url.origin !== self.location.origin) return Promise.resolve(false);
  // A page already kept is not rendered again for this: opening it online refreshes it (network first).
  return caches.match(pageKey(url.href), { cacheName: PAGES_CACHE, ignoreVary: true }).then(
    (kept) =>
      kept !== undefined ||
      pages.handle({ request: new Request(url.href, { credentials: 'same-origin' }), event }).then(
        () => true,
        () => false,
      ),
  );
}

/**
 * At install: keeps the pages open in this browser, the one the shopper landed on before any worker
 * controlled it above all. Done before the worker takes control, so the page that is controlled is a page
 * kept: reloaded offline at once, it is the page as the server rendered it (its title, its SEO record),
 * never the app shell missing what the server knew. Offline or with the server down it keeps nothing.
 */
export async function keepOpenPages(event: ExtendableEvent): Promise<void> {
  const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  const denied = navigationDenylist(self.location.origin);
  const open = windows
    .map((w) => new URL(w.url))
    .filter((u) => u.origin === self.location.origin && !denied.some((d) => d.test(u.pathname)));
  await Promise.all(open.map((u) => keepPage(u.href, event)));
}
