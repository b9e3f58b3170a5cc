// @vitest-environment jsdom
// The offline search's client (src/worker/client.ts) when the code it runs on the page's own thread cannot be
// had: the shopper leaving the page cut its loads off (WebKit and Firefox cut a page's loads as a navigation
// away begins), which is no failure and logs no error; or the network dropped, after which the next call
// loads it again rather than failing for the rest of the page's life.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LEAVING_WAIT_MS } from '../../src/lib/page-leaving.ts';
import { offerCard } from './offer-card.ts';
import type * as SeenOffersStoreModule from '../../common/browser/seen-offers-store.ts';

/** A module worker whose script does not load: the client turns to the page's own thread. */
class WorkerThatDies extends EventTarget {
  constructor() {
    super();
    setTimeout(() => this.dispatchEvent(Object.assign(new Event('error'), { message: '' })), 0);
  }
  postMessage(): void {}
  terminate(): void {}
}

const SEARCH_CORE = '../../common/search-core.ts';
const cutOff = () => {
  throw new TypeError('Importing a module script failed.');
};

describe("the offline search's loads", () => {
  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal('Worker', WorkerThatDies);
    dispatchEvent(new Event('pageshow'));
  });
  afterEach(() => {
    vi.doUnmock(SEARCH_CORE);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('cut off by the shopper leaving the page, log no error', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.doMock(SEARCH_CORE, cutOff);
    const { rememberNow } = await import('../../src/worker/client.ts');
    vi.useFakeTimers();
    let settled = false;
    void rememberNow([{ results: [offerCard(7, 'Купальник «Амальфи»')] }]).finally(() => (settled = true));
    dispatchEvent(new Event('beforeunload')); // the shopper follows a link
    await vi.advanceTimersByTimeAsync(100); // the worker dies, the page's own load is cut off
    // That load has failed by now (a load still under way when the test ends would land in the next test's
    // modules, unmocked: that test then failed 2 runs in 12).
    await vi.dynamicImportSettled();
    dispatchEvent(new Event('pagehide'));
    await vi.advanceTimersByTimeAsync(LEAVING_WAIT_MS * 2);
    expect(settled).toBe(false);
    expect(errors).not.toHaveBeenCalled();
  });

  it('that failed while the page stays, are made again at the next call', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.doMock(SEARCH_CORE, cutOff);
    const { rememberNow, seenOffers } = await import('../../src/worker/client.ts');
    await rememberNow([{ results: [offerCard(7, 'Купальник «Амальфи»')] }]);
    expect(errors).toHaveBeenCalledWith('[search] could not remember offers', expect.anything());
    vi.doUnmock(SEARCH_CORE);
    await rememberNow([{ results: [offerCard(8, 'Купальник «Ницца»')] }]);
    expect((await seenOffers([7, 8])).map((o) => o.id)).toEqual([8]);
  });
});

describe("the offline search's database answering late", () => {
  const STORE = '../../common/browser/seen-offers-store.ts';
  beforeEach(() => {
    vi.resetModules();
    vi.stubGlobal('Worker', WorkerThatDies);
  });
  afterEach(() => {
    vi.doUnmock(STORE);
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
    vi.useRealTimers();
  });

  it('keeps a batch it did not answer in time for later, and logs no error', async () => {
    const errors = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const saved: number[] = [];
    let busy = true; // its first write waits behind something else (a slow moment, a frozen page's transaction)
    vi.doMock(STORE, async () => {
      const actual = await vi.importActual<typeof SeenOffersStoreModule>(STORE);
      return {
        ...actual,
        seenOffersInIndexedDb: actual.answeredInTime({
          load: () => Promise.resolve([]),
          get: () => Promise.resolve([]),
          save: (rows) => (busy ? new Promise(() => undefined) : Promise.resolve(void saved.push(...rows.map((r) => r.offer.id)))),
          drop: () => Promise.resolve(),
        }),
      };
    });
    const { rememberNow } = await import('../../src/worker/client.ts');
    await rememberNow([]); // the worker dies and the page's own code loads, in real time
    vi.useFakeTimers();
    void rememberNow([{ results: [offerCard(7, 'Купальник «Амальфи»')] }]);
    await vi.advanceTimersByTimeAsync(6_000); // past the database's time limit: that write is given up
    busy = false;
    await vi.advanceTimersByTimeAsync(10_000);
    expect(saved).toEqual([7]);
    expect(errors).not.toHaveBeenCalled();
  });
});
