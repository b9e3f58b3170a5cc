// @vitest-environment jsdom
// A page left while it starts: Firefox cuts off the loads of the page being left as soon as a navigation away
// begins, including a load that only begins after that moment. Those are no failures: nothing is logged and
// nothing reloads (a reload would cancel the shopper's navigation). A real failure still says so.
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

describe("the app's own loads while the page starts", () => {
  beforeEach(() => {
    vi.useFakeTimers();
    // A reload was made a moment ago: a failure that counts goes to the caller (no second reload within 60 s).
    sessionStorage.setItem(STORAGE_KEYS.chunkReloadAt, String(Date.now()));
    dispatchEvent(new Event('pageshow'));
  });
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

describe("the page's first script (boot.ts) and the app's load", () => {
  let logged: ReturnType<typeof vi.spyOn>;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  beforeEach(() => {
    vi.resetModules();
    unhandled.length = 0;
    process.on('unhandledRejection', onUnhandled);
    logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    document.body.innerHTML = ''; // the bare app shell: the app starts at once
  });
  afterEach(() => {
    process.off('unhandledRejection', onUnhandled);
    logged.mockRestore();
    vi.doUnmock('../../src/main.tsx');
  });

  /** The app's chunks cut off (after a navigation away began, with `leaving`) or not to be had. */
  const appCutOff = (leaving: boolean) =>
    vi.doMock('../../src/main.tsx', () => {
      if (leaving) dispatchEvent(new Event('beforeunload'));
      throw new TypeError('error loading dynamically imported module');
    });
  /** Boot's load of the app has settled, and what it left unhandled has been reported. */
  const appLoadSettled = async () => {
    await vi.dynamicImportSettled();
    await new Promise((next) => setImmediate(next));
  };

  it('is cut off by the shopper leaving at once: nothing is logged and no rejection goes unhandled', async () => {
    appCutOff(true);
    await import('../../src/boot.ts');
    await appLoadSettled();
    expect(unhandled).toEqual([]);
    expect(logged).not.toHaveBeenCalled();
  });

  it('that fails while the page stays is logged', async () => {
    appCutOff(false);
    await import('../../src/boot.ts');
    await appLoadSettled();
    expect(logged).toHaveBeenCalledOnce();
    expect(logged.mock.calls[0]![0]).toBe('[start] the app could not load');
  });
});
