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
  // Firefox: a load the service worker answered that did not complete because the page let it go. The walk
  // leaves each page at once, as a shopper may, and whatever the page was still loading through the worker
  // is cut off: a product picture taken off the page while loading, a chunk of the page's start (the
  // third-party chunk of the start address, left for the basket), a catalogue answer fetched ahead (the
  // filters of another category, on the listing left for a product). Firefox reports each as an error of the
  // page it left; no script failed. What a step needs and does not get fails that step; a chunk that really
  // failed is the app's to handle and log (src/components/chunk-reload.ts, src/lib/page-leaving.ts).
  {
    message: /: Failed to load ‘[^’]*’\. A ServiceWorker intercepted the request and encountered an unexpected error\.$/,
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
