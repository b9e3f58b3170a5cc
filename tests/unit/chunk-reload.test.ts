// @vitest-environment jsdom
// A chunk load that fails because the shopper is leaving the page (Firefox cuts a page's loads off as soon as
// a navigation away begins) is no failure: it never settles and nothing reloads; one that fails while the
// page stays is a failure, also after a navigation that began and went nowhere. While the page starts it is
// watched as a whole: a load that begins only after the navigation away began is cut off quietly too.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadOrReload } from '../../src/components/chunk-reload.ts';
import { LEAVING_WAIT_MS, watchForLeaving } from '../../src/lib/page-leaving.ts';
import { STORAGE_KEYS } from '../../common/storage-keys.ts';

const cutOff = () => Promise.reject(new TypeError('error loading dynamically imported module'));

/** What becomes of a load: `now` is 'pending' until it settles. */
function watch(p: Promise<unknown>): { now: string } {
  const state = { now: 'pending' };
  p.then(
    () => (state.now = 'loaded'),
    (err: unknown) => (state.now = `failed: ${(err as Error).message}`),
  );
  return state;
}

/** Fake timers; a reload made a moment ago, so a failure that counts goes to the caller (no second reload within 60 s). */
function pageStays(): void {
  vi.useFakeTimers();
  sessionStorage.setItem(STORAGE_KEYS.chunkReloadAt, String(Date.now()));
  dispatchEvent(new Event('pageshow'));
}

describe('a chunk load cut off by the page being left', () => {
  beforeEach(pageStays);
  afterEach(() => vi.useRealTimers());

  it('never settles once the page is hidden after the navigation began', async () => {
    const load = watch(
      loadOrReload(() => {
        dispatchEvent(new Event('beforeunload'));
        return cutOff();
      }),
    );
    await vi.advanceTimersByTimeAsync(100);
    dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(LEAVING_WAIT_MS * 2);
    expect(load.now).toBe('pending');
  });

  it('fails when the page stays: no navigation began', async () => {
    const load = watch(loadOrReload(cutOff));
    await vi.advanceTimersByTimeAsync(0);
    expect(load.now).toBe('failed: error loading dynamically imported module');
  });

  it('fails when a navigation began and went nowhere (the page still here after the wait)', async () => {
    const load = watch(
      loadOrReload(() => {
        dispatchEvent(new Event('beforeunload'));
        return cutOff();
      }),
    );
    await vi.advanceTimersByTimeAsync(LEAVING_WAIT_MS - 1);
    expect(load.now).toBe('pending');
    await vi.advanceTimersByTimeAsync(1);
    expect(load.now).toBe('failed: error loading dynamically imported module');
  });
});

describe("the app's own loads while the page starts", () => {
  beforeEach(pageStays);
  afterEach(() => vi.useRealTimers());

  it('a load that begins after the navigation away began, in a pause between two loads, is cut off quietly', async () => {
    const startOver = watchForLeaving();
    dispatchEvent(new Event('beforeunload')); // no load under way at that moment
    const load = watch(loadOrReload(cutOff)); // the next one (the background work, a later piece) begins
    await vi.advanceTimersByTimeAsync(100);
    dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(LEAVING_WAIT_MS * 2);
    expect(load.now).toBe('pending');
    startOver();
  });

  it('once the start is over and no load is under way, the page is no longer watched', async () => {
    watchForLeaving()();
    dispatchEvent(new Event('beforeunload')); // nobody listens: the page may enter the back-forward cache
    const load = watch(loadOrReload(cutOff));
    await vi.advanceTimersByTimeAsync(0);
    expect(load.now).toBe('failed: error loading dynamically imported module');
  });
});
