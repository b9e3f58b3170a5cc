// The offline search's client (src/worker/client.ts) when its worker dies: the worker's script fails to load
// (offline after a deploy, a blocked module worker) after it was started. Comlink alone would wait forever for
// the dead worker's answer; the call in flight, and every call after it, runs on the page's own thread.
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { offerCard } from './offer-card.ts';

/** A module worker whose script does not load: it takes messages, never answers, and reports an error. */
class WorkerThatDies extends EventTarget {
  static started = 0;
  constructor() {
    super();
    WorkerThatDies.started += 1;
    setTimeout(() => this.dispatchEvent(Object.assign(new Event('error'), { message: '' })), 20);
  }
  postMessage(): void {}
  terminate(): void {}
}

describe('a search worker that dies', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('leaves no call unanswered: the one in flight and the next run in the page', async () => {
    vi.stubGlobal('Worker', WorkerThatDies);
    const { rememberNow, seenOffers, searchSeenOffers } = await import('../../src/worker/client.ts');
    await rememberNow([{ results: [offerCard(7, 'Купальник «Амальфи»')] }]);
    expect(WorkerThatDies.started).toBe(1);
    expect((await seenOffers([7])).map((o) => o.id)).toEqual([7]);
    expect((await searchSeenOffers('амальфи', {}, 0)).results.map((o) => o.id)).toEqual([7]);
    expect(WorkerThatDies.started).toBe(1); // a dead worker is not started again
  });
});
