// Pages reached inside the app are kept for offline too: a navigation in the app fetches no HTML, so the
// service worker's pages cache would hold only the pages opened by address, and a page visited by a click
// would open offline as the bare app shell (a third of a second slower to its first card on a phone). Once
// the browser is idle after such a navigation, the page is kept as the server renders it. The message itself
// is sent by state/sw-update.ts, the one module that talks to the service worker, once it has registered
// (onKeepPage); pages visited before that are left to the navigation's own caching. Each page is asked for
// once, and the service worker fetches only a page it does not hold yet.
let keep: ((url: string) => void) | null = null;
let first = true;
/** The pages this page has asked to keep: each once (a filter clicked back and forth is not fetched again). */
const asked = new Set<string>();

/** Set by the service worker's registration: how a page is kept (sw/pages.ts, CACHE_PAGE). */
export function onKeepPage(fn: (url: string) => void): void {
  keep = fn;
}

/** Called on every route change; the first (the page the shopper landed on) is kept by the navigation itself. */
export function keepVisitedPage(url: string): void {
  if (first) {
    first = false;
    return;
  }
  const send = keep;
  if (!send || !navigator.onLine || asked.has(url)) return;
  asked.add(url);
  if ('requestIdleCallback' in window) requestIdleCallback(() => send(url), { timeout: 5_000 });
  else setTimeout(() => send(url), 1_000);
}
