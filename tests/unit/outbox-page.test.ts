// The page's basket outbox against late and crossing answers (what the chaos e2e found on a slow network):
// a change leaves the queue in the same moment its answer's basket is shown, so the shopper never sees it
// counted twice; and a basket GET that answers after a change was confirmed never puts the older basket back.
import 'fake-indexeddb/auto';
import { clear, createStore } from 'idb-keyval';
import { subscribe } from 'valtio/vanilla';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BasketItem } from '../../common/contract/basket.ts';
import { IDB } from '../../common/storage-keys.ts';
import { basket } from '../../src/state/basket.ts';
import { addToBasket } from '../../src/state/add-to-basket.ts';
import { project } from '../../common/basket-queue.ts';
import { flush, refreshCart } from '../../src/state/outbox.ts';
import { readOutboxState } from '../../common/browser/outbox-storage.ts';
import { PATIENCE } from '../support/patience.ts';

const item = (ext_id: string, quantity: number): BasketItem => ({
  item_uuid: `00000000-0000-4000-8000-00000000000${ext_id === 'a' ? 1 : 2}`,
  ext_id,
  quantity,
  price: 1000,
  product: { name: ext_id, brand: 'B', price: 1000, images: [], full_path_offer: '/x/1/y' },
});
const success = (cart: BasketItem[]) => Response.json({ status: 'success', cart });

/** fetch answered by hand: each call waits until the test answers it. */
function manualShop() {
  const calls: { method: string; answer: (r: Response) => void }[] = [];
  vi.stubGlobal(
    'fetch',
    (_url: string, init: RequestInit = {}) =>
      new Promise<Response>((resolve) => calls.push({ method: init.method ?? 'GET', answer: resolve })),
  );
  return calls;
}

beforeEach(async () => {
  await clear(createStore(IDB.database, IDB.store));
  basket.cart = [];
  basket.queue = [];
  basket.notices = [];
});
afterEach(() => vi.unstubAllGlobals());

describe('the page outbox with answers that cross', () => {
  it('shows an added line once: the answer replaces the basket as the change leaves the queue', async () => {
    const calls = manualShop();
    const seen: number[] = [];
    // Every state a screen could render: valtio tells its subscribers (and React) after each synchronous run.
    const stop = subscribe(basket, () => seen.push(project(basket.cart, basket.queue).find((l) => l.ext_id === 'a')?.quantity ?? 0));
    await addToBasket('a', 1, 'A');
    await vi.waitFor(() => expect(calls).toHaveLength(1), PATIENCE);
    calls[0].answer(success([item('a', 1)]));
    await vi.waitFor(async () => expect((await readOutboxState()).queue).toEqual([]), PATIENCE);
    await flush();
    stop();
    expect(seen.length).toBeGreaterThan(1);
    expect(Math.max(...seen)).toBe(1);
    expect(basket.queue).toEqual([]);
    expect((await readOutboxState()).cart.map((l) => [l.ext_id, l.quantity])).toEqual([['a', 1]]);
  });

  it('drops a basket GET that answers after a change was confirmed', async () => {
    const calls = manualShop();
    const refreshed = refreshCart();
    await vi.waitFor(() => expect(calls.map((c) => c.method)).toEqual(['GET']), PATIENCE);
    // The shopper adds a line while the GET is still out; the change is confirmed first.
    await addToBasket('b', 2, 'B');
    await vi.waitFor(() => expect(calls.map((c) => c.method)).toEqual(['GET', 'POST']), PATIENCE);
    calls[1].answer(success([item('b', 2)]));
    await vi.waitFor(() => expect(basket.queue).toEqual([]), PATIENCE);
    // The GET's answer was read before the change reached the server: older than what is shown.
    calls[0].answer(success([]));
    await refreshed;
    expect(basket.cart.map((l) => [l.ext_id, l.quantity])).toEqual([['b', 2]]);
    expect((await readOutboxState()).cart.map((l) => [l.ext_id, l.quantity])).toEqual([['b', 2]]);
  });

  it('takes a basket GET that nothing overtook', async () => {
    const calls = manualShop();
    const refreshed = refreshCart();
    await vi.waitFor(() => expect(calls).toHaveLength(1), PATIENCE);
    calls[0].answer(success([item('a', 3)]));
    await refreshed;
    expect(basket.cart.map((l) => [l.ext_id, l.quantity])).toEqual([['a', 3]]);
  });
});

describe('Background Sync', () => {
  /** A service worker registration whose Background Sync records what it is asked for. */
  function syncRegistration() {
    const tags: string[] = [];
    vi.stubGlobal('navigator', {
      serviceWorker: { getRegistration: async () => ({ sync: { register: async (tag: string) => void tags.push(tag) } }) },
    });
    return tags;
  }

  it('is not asked for when the change went through, and is asked for once a send failed', async () => {
    const tags = syncRegistration();
    vi.stubGlobal('fetch', async () => success([item('a', 1)]));
    await addToBasket('a', 1, 'A');
    await vi.waitFor(async () => expect((await readOutboxState()).queue).toEqual([]), PATIENCE);
    await flush();
    expect(tags).toEqual([]);

    vi.stubGlobal('fetch', async () => {
      throw new TypeError('Failed to fetch');
    });
    await addToBasket('b', 1, 'B');
    await vi.waitFor(() => expect(tags).toEqual(['basket-outbox']), PATIENCE);
    expect(basket.queue.map((m) => m.label)).toEqual(['B']);
  });
});
