// @vitest-environment jsdom
// A chunk load that fails because the shopper is leaving the page (Firefox cuts a page's loads off as soon as
// a navigation away begins) is no failure: it never settles and nothing reloads; one that fails while the
// page stays is a failure, also after a navigation that began and went nowhere.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { loadOrReload } from '../../src/components/chunk-reload.ts';
import { LEAVING_WAIT_MS } from '../../src/lib/page-leaving.ts';
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

describe('a chunk load cut off by the page being left', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // A reload was made a moment ago: a failure that counts goes to the caller (no second reload within 60 s).
    sessionStorage.setItem(STORAGE_KEYS.chunkReloadAt, String(Date.now()));
    dispatchEvent(new Event('pageshow'));
  });
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
