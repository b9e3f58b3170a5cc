// What the page starts after its first paint, when the browser is idle (or within a second), or at once when
// the shopper changes what is saved (a favourite, a size in the basket, the city) before then, so that change is
// stored before a quick reload could lose it (and, until it is, journaled in localStorage at once:
// state/unsaved-lkdata.ts): its code is a chunk of its own (app/background.ts), loaded
// then, so none of it is in the first chunk or delays the paint or the hydration.
import { subscribe } from 'valtio';
import { SAVED_STORES } from '../state/saved-stores.ts';
import { startJournal } from '../state/unsaved-lkdata.ts';

/** Runs fn when the browser is idle, or after `timeout` ms at the latest (Safari has no idle callback). */
export function whenIdle(fn: () => void, timeout = 1_000): void {
  if ('requestIdleCallback' in window) requestIdleCallback(fn, { timeout });
  else setTimeout(fn, 1);
}

export function startAfterPaint(): void {
  startJournal();
  let started = false;
  const start = () => {
    if (started) return;
    started = true;
    stopWatching.forEach((stop) => stop());
    import('./background.ts')
      .then((background) => background.start())
      .catch((err: unknown) => console.error('[start] the background work could not load', err));
  };
  const stopWatching = SAVED_STORES.map((store) => subscribe(store, start));
  whenIdle(start);
}
