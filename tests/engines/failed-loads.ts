// The failed loads an engine reports as errors of the page although no script failed: the one list the walk
// leaves out of its script errors, each with when it may appear and why it is no fault of the shop.

export interface FailedLoad {
  /** Matches the engine's message (as errors() records it, after "uncaught at <address>: "). */
  message: RegExp;
  /** 'always', or only once the walk has stopped the server. */
  when: 'always' | 'after the server stopped';
}

export const FAILED_LOADS: readonly FailedLoad[] = [
  // Firefox: with the server stopped, a request the service worker's Workbox strategy can answer neither
  // from the network nor from its cache (a card's product fetched ahead, never seen before) rejects with
  // Workbox's no-response. The page expects that and carries on.
  {
    message: /A ServiceWorker passed a promise to FetchEvent\.respondWith\(\) that rejected with ‘Error: no-response/,
    when: 'after the server stopped',
  },
  // Firefox: a load the service worker answered that did not complete because the page let it go: a product
  // picture taken off the page while loading (seen once, for the search results' pictures as the walk went
  // on to the favourites), or a chunk of the page's start cut off because the walk left the page at once
  // (seen once, the third-party chunk of the start address, left for the basket with the server stopped).
  // A picture that really failed shows as a missing picture; a chunk that really failed is the app's to
  // handle (src/components/chunk-reload.ts), which it logs when it is not the page being left.
  {
    message:
      /: Failed to load ‘[^’]*\/(media|assets)\/[^’]*’\. A ServiceWorker intercepted the request and encountered an unexpected error\.$/,
    when: 'always',
  },
];

/** The errors that are script errors: `logged` less the failed loads above (`stoppedAt`: how many had been logged when the server stopped, null if it has not). */
export function scriptErrors(logged: readonly string[], stoppedAt: number | null): string[] {
  return logged.filter(
    (error, i) =>
      !FAILED_LOADS.some((load) => load.message.test(error) && (load.when === 'always' || (stoppedAt !== null && i >= stoppedAt))),
  );
}
