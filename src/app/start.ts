// What the page starts after its first paint, once the page has hydrated and the browser is idle (or within a
// second), or at once when the shopper changes what is saved (a favourite, a size in the basket, the city)
// before then, so that change is stored before a quick reload could lose it (and, until it is, journaled in
// localStorage at once: state/unsaved-lkdata.ts): its code is a chunk of its own (app/background.ts), loaded
// then, so none of it is in the first chunk or delays the paint or the hydration. A chunk that cannot be had
// reloads the page once, as a lazy page's does, unless the shopper is leaving the page (chunk-reload.ts).
import { subscribe } from 'valtio';
import { loadOrReload } from '../components/chunk-reload.ts';
import { whenHydrated } from './Part.tsx';
import { SAVED_STORES } from '../state/saved-stores.ts';
import { startJournal } from '../state/unsaved-lkdata.ts';

/** Runs fn when the browser is idle, or after `timeout` ms at the latest (Safari has no idle callback). */
export function whenIdle(fn: () => void, timeout = 1_000): void {
  if ('requestIdleCallback' in window) requestIdleCallback(fn, { timeout });
  else setTimeout(fn, 1);
}

/** Starts it; resolves once the background work has started, or its first load failed (the page's start is over). */
export function startAfterPaint(): Promise<void> {
  startJournal();
  let started = false;
  let startOver: () => void;
  const over = new Promise<void>((resolve) => (startOver = resolve));
  const start = () => {
    if (started) return;
    started = true;
    stopWatching.forEach((stop) => stop());
    const load = (): Promise<void> =>
      loadOrReload(() => import('./background.ts'))
        .then((background) => background.start())
        .catch((err: unknown) => {
          // Offline (the first visit, before the service worker keeps the chunks): again when the network is back.
          if (!navigator.onLine) addEventListener('online', () => void load(), { once: true });
          else console.error('[start] the background work could not load', err);
        });
    void load().finally(startOver);
  };
  const stopWatching = SAVED_STORES.map((store) => subscribe(store, start));
  // Not before the page has hydrated: what the work learns (the saved favourites, the signed-in shopper)
  // would otherwise reach a part still hydrating, which then no longer matches its HTML. Safari has no idle
  // callback, so without this wait the work started a moment after the app, mid-hydration.
  void whenHydrated().then(() => whenIdle(start));
  return over;
}
