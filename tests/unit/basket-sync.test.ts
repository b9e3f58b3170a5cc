// The basket sync (common/browser/basket-sync.ts) with its storage, transport, channel and clock in the
// test's hands: two tabs over one store, a tab that starts while another confirms its change, a browser
// that says it is offline, a storage that fails, and the retry delays.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { BasketItem } from '../../common/contract/basket.ts';
import type { Outcome } from '../../common/basket-outbox.ts';
import type { Mutation } from '../../common/basket-queue.ts';
import { BasketSync, type BasketChannel, type BasketStorage, type BasketView } from '../../common/browser/basket-sync.ts';
import { memoryBasketStorage } from '../../common/browser/memory-basket-storage.ts';
import { PATIENCE } from '../support/patience.ts';

const item = (ext_id: string, quantity: number): BasketItem => ({
  item_uuid: `uuid-${ext_id}`,
  ext_id,
  quantity,
  price: 1000,
  product: { name: ext_id, brand: 'B', price: 1000, images: [], full_path_offer: '/x/1/y' },
});
const add = (id: string, ext_id: string, quantity = 1): Mutation => ({ id, kind: 'add', ext_id, quantity, label: ext_id });
const view = (): BasketView => ({ cart: [], queue: [], notices: [] });
const lines = (v: BasketView) => v.cart.map((l) => [l.ext_id, l.quantity]);

/** A BroadcastChannel between the test's tabs: a note reaches every other tab, later, as a real one does. */
function channelHub() {
  const listeners = new Set<() => void>();
  return (): BasketChannel => {
    let mine: (() => void) | null = null;
    return {
      announce: () => listeners.forEach((fn) => fn !== mine && setTimeout(fn, 0)),
      listen: (fn) => void listeners.add((mine = fn)),
    };
  };
}

/** One exclusive lock per name, in order of asking, as navigator.locks grants them. */
function lockManager(): Pick<LockManager, 'request'> {
  let tail: Promise<unknown> = Promise.resolve();
  return {
    request: ((_name: string, fn: () => Promise<unknown>) => {
      const run = tail.then(fn);
      tail = run.catch(() => undefined);
      return run;
    }) as LockManager['request'],
  };
}

/** A shop that adds each add's quantity to its basket, counting what it was sent. */
function shop(answer: () => Outcome | 'server' = () => 'server') {
  const server: BasketItem[] = [];
  const sent: string[] = [];
  return {
    server,
    sent,
    transport: {
      async send(req: { body?: unknown }, key: string): Promise<Outcome> {
        sent.push(key);
        const scripted = answer();
        if (scripted !== 'server') return scripted;
        const { ext_id, quantity } = req.body as { ext_id: string; quantity: number };
        const line = server.find((l) => l.ext_id === ext_id);
        if (line) line.quantity += quantity;
        else server.push(item(ext_id, quantity));
        return { kind: 'success', cart: structuredClone(server) };
      },
      fetchCart: async () => structuredClone(server),
    },
  };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('the basket sync', () => {
  it('a tab that starts while another confirms its queued change shows the line confirmed, not pending and not missing', async () => {
    const storage = memoryBasketStorage({ queue: [add('k1', 'a')], cart: [] });
    // Tab A's first read of the store is slow: it returns what was stored before tab B sent the change.
    let releaseFirstRead!: () => void;
    const firstReadDone = new Promise<void>((r) => (releaseFirstRead = r));
    const stale = await storage.read();
    let reads = 0;
    const slowStorage: BasketStorage = {
      ...storage,
      read: async () => (++reads === 1 ? (await firstReadDone, stale) : storage.read()),
    };
    const hub = channelHub();
    const { transport, server } = shop();
    // A's own basket GET keeps failing, so only the channel can tell it what B did.
    const viewA = view();
    const tabA = new BasketSync({
      view: viewA,
      storage: slowStorage,
      transport: { ...transport, fetchCart: () => Promise.reject(new Error('offline')) },
      channel: hub(),
      isOnline: () => false,
    });
    const tabB = new BasketSync({ view: view(), storage, transport, channel: hub() });

    const starting = tabA.start();
    await tabB.start(); // B sends k1, the shop confirms it, B stores the basket and tells the other tabs
    expect(server.map((l) => l.ext_id)).toEqual(['a']);
    releaseFirstRead();
    await starting;
    await vi.waitFor(() => expect(lines(viewA)).toEqual([['a', 1]]), PATIENCE);
    expect(viewA.queue).toEqual([]);
  });

  it('sends a change to a line another tab confirmed before this tab heard of it, instead of dropping it', async () => {
    // Another tab's add of 'a' is confirmed and stored; this tab's view has not read it back yet.
    const storage = memoryBasketStorage({ queue: [], cart: [item('a', 1)] });
    const requests: string[] = [];
    const sync = new BasketSync({
      view: view(),
      storage,
      transport: {
        send: async (req: { method: string; path: string }) => {
          requests.push(`${req.method} ${req.path}`);
          return { kind: 'success', cart: [item('a', 3)] };
        },
        fetchCart: async () => [item('a', 3)],
      },
      isOnline: () => true,
    });
    await sync.enqueue({ id: 'u1', kind: 'update', ext_id: 'a', quantity: 3, label: 'a' });
    await sync.flush();
    expect(requests).toEqual([expect.stringMatching(/^PUT .*uuid-a/)]);
    expect((await storage.read()).cart.map((l) => l.quantity)).toEqual([3]);
  });

  it('two tabs queueing at once lose nothing and send each change once', async () => {
    const storage = memoryBasketStorage({ queue: [], cart: [] });
    const hub = channelHub();
    const locks = lockManager();
    const { transport, server, sent } = shop();
    const viewA = view();
    const viewB = view();
    const a = new BasketSync({ view: viewA, storage, transport, channel: hub(), locks });
    const b = new BasketSync({ view: viewB, storage, transport, channel: hub(), locks });
    await Promise.all([a.start(), b.start()]);
    await Promise.all([a.enqueue(add('a1', 'x')), b.enqueue(add('b1', 'y')), a.enqueue(add('a2', 'x', 2))]);
    await vi.waitFor(async () => expect((await storage.readQueue()).length).toBe(0), PATIENCE);
    await Promise.all([a.flush(), b.flush()]);
    expect(new Set(sent).size).toBe(sent.length);
    expect(server.map((l) => [l.ext_id, l.quantity])).toEqual([
      ['x', 3],
      ['y', 1],
    ]);
    await vi.waitFor(
      () =>
        expect(lines(viewA)).toEqual([
          ['x', 3],
          ['y', 1],
        ]),
      PATIENCE,
    );
    await vi.waitFor(
      () =>
        expect(lines(viewB)).toEqual([
          ['x', 3],
          ['y', 1],
        ]),
      PATIENCE,
    );
  });

  it('while the browser says it is offline, changes wait without a call and ask for Background Sync; online sends them', async () => {
    let online = false;
    const syncs: string[] = [];
    const { transport, sent } = shop();
    const sync = new BasketSync({
      view: view(),
      storage: memoryBasketStorage({ queue: [], cart: [] }),
      transport,
      isOnline: () => online,
      requestBackgroundSync: () => syncs.push('basket'),
    });
    await sync.enqueue(add('k1', 'a'));
    await sync.enqueue(add('k2', 'a'));
    await sync.flush();
    expect(sent).toEqual([]);
    expect(syncs.length).toBeGreaterThan(0);
    online = true;
    await sync.online();
    expect(sent).toEqual(['k1', 'k2']);
  });

  it('retries a change the network failed with a growing delay, capped at half a minute', async () => {
    vi.useFakeTimers();
    const { transport, sent } = shop(() => ({ kind: 'retry' }));
    const sync = new BasketSync({ view: view(), storage: memoryBasketStorage({ queue: [], cart: [] }), transport, isOnline: () => true });
    await sync.enqueue(add('k1', 'a'));
    const times: number[] = [];
    const start = Date.now();
    for (let i = 0; i < 9; i++) {
      const before = sent.length;
      while (sent.length === before) await vi.advanceTimersByTimeAsync(500);
      times.push(Date.now() - start);
    }
    const gaps = times.slice(1).map((t, i) => Math.round((t - times[i]) / 1000));
    expect(gaps).toEqual([2, 4, 8, 16, 30, 30, 30, 30]);
  });

  it('a return to the tab sends what waits at once, and with nothing waiting asks the shop for nothing', async () => {
    vi.useFakeTimers();
    let failing = true;
    let fetched = 0;
    const { transport, sent } = shop(() => (failing ? { kind: 'retry' } : 'server'));
    const sync = new BasketSync({
      view: view(),
      storage: memoryBasketStorage({ queue: [], cart: [] }),
      transport: { ...transport, fetchCart: async () => (fetched++, []) },
      isOnline: () => true,
    });
    await sync.enqueue(add('k1', 'a'));
    await vi.advanceTimersByTimeAsync(0);
    expect(sent).toEqual(['k1']); // failed: the next try would wait for the retry delay
    failing = false;
    await sync.resume();
    expect(sent).toEqual(['k1', 'k1']);
    await sync.resume();
    expect(sent).toEqual(['k1', 'k1']);
    expect(fetched).toBe(0);
  });

  it('keeps working in memory when storage fails, and says so once', async () => {
    const broken: BasketStorage = {
      read: () => Promise.reject(new Error('InvalidStateError')),
      readQueue: () => Promise.reject(new Error('InvalidStateError')),
      append: () => Promise.reject(new Error('QuotaExceededError')),
      settle: () => Promise.reject(new Error('InvalidStateError')),
      saveCart: () => Promise.reject(new Error('InvalidStateError')),
      takeNotices: () => Promise.reject(new Error('InvalidStateError')),
    };
    const lost: string[] = [];
    const { transport, server } = shop();
    const sync = new BasketSync({ view: view(), storage: broken, transport, onStorageLost: () => lost.push('lost') });
    await sync.start();
    await sync.enqueue(add('k1', 'a'));
    await sync.flush();
    expect(server.map((l) => l.ext_id)).toEqual(['a']);
    expect(lost).toEqual(['lost']);
  });

  it('a basket the server rendered stays on screen at start, instead of an older stored copy, until the shop answers', async () => {
    const storage = memoryBasketStorage({ queue: [], cart: [item('old', 1)] }); // stored before another device changed it
    const { transport, server } = shop();
    server.push(item('a', 2), item('b', 1));
    const shown = view();
    shown.cart = [item('a', 2), item('b', 1)]; // the basket page the server rendered
    const seen: string[][] = [];
    let read = 0;
    const sync = new BasketSync({
      view: new Proxy(shown, {
        set(target, key, value: unknown) {
          (target as unknown as Record<string | symbol, unknown>)[key] = value;
          if (key === 'cart') seen.push((value as BasketItem[]).map((l) => l.ext_id));
          return true;
        },
      }),
      storage,
      transport,
      onStoredRead: () => read++,
    });
    await sync.start({ serverCart: shown.cart });
    expect(seen.some((ids) => ids.includes('old'))).toBe(false);
    expect(lines(shown)).toEqual([
      ['a', 2],
      ['b', 1],
    ]);
    expect((await storage.read()).cart.map((l) => l.ext_id)).toEqual(['a', 'b']); // the shop's answer is stored
    expect(read).toBeGreaterThan(0); // the page now knows the basket
  });

  it('a change made and confirmed before the start is not undone by the basket the page was drawn with', async () => {
    // The shopper acts before the page's background work starts: the change is queued, sent and confirmed
    // while the start waits for the senders' lock, holding the basket as it was when the page was drawn.
    const storage = memoryBasketStorage({ queue: [], cart: [] });
    const { transport } = shop();
    const shown = view();
    const drawnWith = shown.cart;
    const sync = new BasketSync({ view: shown, storage, transport: { ...transport, fetchCart: () => Promise.reject(new Error('lost')) } });
    await sync.enqueue(add('k1', 'a'));
    await sync.flush();
    expect(lines(shown)).toEqual([['a', 1]]);
    await sync.start({ serverCart: drawnWith }); // and the shop's basket, asked for at the start, is lost on the way
    expect(lines(shown)).toEqual([['a', 1]]);
    expect((await storage.read()).cart.map((l) => l.ext_id)).toEqual(['a']);
  });

  it('with changes queued, the stored basket and its queue are shown together at start, whatever the server rendered', async () => {
    const storage = memoryBasketStorage({ queue: [add('k1', 'a')], cart: [item('b', 1)] });
    const shown = view();
    shown.cart = [item('a', 1), item('b', 1)]; // the server had the change already; its answer was lost
    const sync = new BasketSync({ view: shown, storage, transport: shop(() => ({ kind: 'retry' })).transport, isOnline: () => false });
    await sync.start({ serverCart: shown.cart });
    expect(lines(shown)).toEqual([['b', 1]]);
    expect(shown.queue.map((m) => m.id)).toEqual(['k1']);
  });
});
