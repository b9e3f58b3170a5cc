// Sends the basket's queued changes (DESIGN.md outbox): each change is stored in IndexedDB with its id (its
// Idempotency-Key) before anything is sent, shown as pending, and sent in order when the network allows
// (now, on 'online', at app start, on a retry timer, and by the service worker's Background Sync). The
// confirmed basket changes only on the server's 'success'; a refusal drops the change with a notice.
// Tabs stay in step through a BroadcastChannel; a Web Lock lets one sender at a time work the queue.
import { fetchCart, sendCartMutation } from '../api/cart.ts';
import type { BasketItem } from '../api/contract.ts';
import { readCookie } from '../lib/cookies.ts';
import { BASKET_CHANNEL, OUTBOX_LOCK, TOKEN_COOKIE } from '../lib/storage-keys.ts';
import { basket } from './basket.ts';
import { flushOutbox, refusalNotice, type Mutation, type OutboxPort } from './outbox-core.ts';
import {
  appendToOutbox,
  readCartSnapshot,
  readOutbox,
  removeFromOutbox,
  saveCartSnapshot,
  takeOutboxNotices,
} from './outbox-storage.ts';
import { onServiceWorkerMessage, requestBackgroundSync } from './sw-update.ts';
import { setStorageProblem } from './ui.ts';

const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;

let channel: BroadcastChannel | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = RETRY_MIN_MS;
/** Where the queue lives when IndexedDB cannot be used: changes then survive only until the tab closes. */
let memoryQueue: Mutation[] | null = null;

const token = () => readCookie(TOKEN_COOKIE);

async function listQueue(): Promise<Mutation[]> {
  if (memoryQueue) return [...memoryQueue];
  try {
    return await readOutbox();
  } catch {
    memoryQueue = [...basket.queue];
    setStorageProblem('unavailable');
    return [...memoryQueue];
  }
}

async function syncQueue(): Promise<void> {
  basket.queue = await listQueue();
}

/** Another tab or the service worker changed the basket: take its queue and confirmed basket. */
async function syncFromStorage(): Promise<void> {
  await syncQueue();
  if (memoryQueue) return;
  basket.cart = await readCartSnapshot().catch(() => basket.cart);
  // Changes the service worker sent with no tab open and the shop refused: say why here.
  for (const n of await takeOutboxNotices().catch(() => [])) basket.notices.push(n);
}

function announce(): void {
  channel?.postMessage({ type: 'changed' });
}

async function setConfirmedCart(cart: BasketItem[]): Promise<void> {
  // Stored as a plain copy: a store's proxy cannot be cloned into IndexedDB.
  const plain = JSON.parse(JSON.stringify(cart)) as BasketItem[];
  basket.cart = cart;
  await saveCartSnapshot(plain).catch((err: unknown) => console.warn('[outbox] could not store the basket', err));
}

const port: OutboxPort = {
  list: listQueue,
  async remove(id) {
    if (memoryQueue) memoryQueue = memoryQueue.filter((m) => m.id !== id);
    else await removeFromOutbox(id).catch(() => undefined);
    basket.queue = basket.queue.filter((m) => m.id !== id);
    announce();
  },
  cart: () => basket.cart,
  send: (m, req) => sendCartMutation(req, m.id, token()),
  async settled(m, outcome) {
    if (outcome.kind === 'success') await setConfirmedCart(outcome.cart);
    else basket.notices.push(refusalNotice(m, outcome.message));
  },
};

let flushing: Promise<void> | null = null;
/** A change was queued while a flush was finishing: go through the queue once more before stopping. */
let flushAgain = false;

/** Works through the queue now; on a network failure, tries again later with a growing delay. */
export function flush(): Promise<void> {
  if (flushing) flushAgain = true;
  flushing ??= (async () => {
    try {
      const run = () => flushOutbox(port);
      do {
        flushAgain = false;
        if (typeof navigator !== 'undefined' && navigator.locks) await navigator.locks.request(OUTBOX_LOCK, run);
        else await run();
        // A read of the stored queue that began before a new change was written can leave that change out;
        // a change queued meanwhile asked for another round, which reads the queue again.
        await syncQueue();
      } while (flushAgain);
      if (basket.queue.length) scheduleRetry();
      else retryDelay = RETRY_MIN_MS;
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

function scheduleRetry(): void {
  clearTimeout(retryTimer);
  retryTimer = setTimeout(() => void flush(), retryDelay);
  retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
}

/** Changes being written to IndexedDB: not shown yet, but a quick next click builds on them (unsavedChanges). */
const unsaved: Mutation[] = [];

/** The queued changes plus those still being stored, oldest first: what the next change builds on. */
export const queuedAndUnsaved = (): readonly Readonly<Mutation>[] => [...basket.queue, ...unsaved];

/** Queues a change: stored first, then shown as pending, then sent when it can be. */
export async function enqueue(m: Mutation): Promise<void> {
  unsaved.push(m);
  try {
    if (memoryQueue) memoryQueue.push(m);
    else {
      try {
        await appendToOutbox(JSON.parse(JSON.stringify(m)) as Mutation);
      } catch {
        memoryQueue = [...basket.queue, m];
        setStorageProblem('unavailable');
      }
    }
  } finally {
    unsaved.splice(unsaved.indexOf(m), 1);
  }
  if (!basket.queue.some((q) => q.id === m.id)) basket.queue.push(m);
  announce();
  void requestBackgroundSync();
  retryDelay = RETRY_MIN_MS;
  void flush();
}

/** Asks the server for the confirmed basket when nothing is queued (queued changes answer with it). */
export async function refreshCart(): Promise<void> {
  if (basket.queue.length) return;
  try {
    await setConfirmedCart(await fetchCart(token()));
  } catch {
    // offline: the last confirmed basket from IndexedDB stays on screen
  }
}

/** App start: show what is stored, join the other tabs, send what waits, and fetch the basket. */
export async function startOutbox(): Promise<void> {
  await syncFromStorage();
  if (typeof BroadcastChannel !== 'undefined') {
    channel = new BroadcastChannel(BASKET_CHANNEL);
    channel.onmessage = () => void syncFromStorage();
  }
  onServiceWorkerMessage('basket-flush', () => void flush());
  addEventListener('online', () => {
    retryDelay = RETRY_MIN_MS;
    void flush().then(refreshCart);
  });
  await flush();
  await refreshCart();
}
