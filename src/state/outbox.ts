// Sends the basket's queued changes (docs/architecture.md, "A basket change"): each change is stored in IndexedDB with its id (its
// Idempotency-Key) before anything is sent, shown as pending, and sent in order when the network allows
// (now, on 'online', at app start, on a retry timer, and by the service worker's Background Sync). The
// confirmed basket changes only on the server's 'success'; a refusal drops the change with a notice.
// Tabs stay in step through a BroadcastChannel; a Web Lock lets one sender at a time work the queue.
import { fetchCart, sendCartMutation } from '../../common/browser/cart-calls.ts';
import type { BasketItem } from '../../common/contract.ts';
import { readCookie } from '../lib/cookies.ts';
import { BASKET_CHANNEL, OUTBOX_LOCK, TOKEN_COOKIE } from '../../common/storage-keys.ts';
import { basket } from './basket.ts';
import { flushOutbox, refusalNotice, type Mutation, type OutboxPort } from '../../common/basket-outbox.ts';
import {
  appendToOutbox,
  readOutbox,
  readOutboxState,
  saveCartSnapshot,
  settleInOutbox,
  takeOutboxNotices,
} from '../../common/browser/outbox-storage.ts';
import { onServiceWorkerMessage, requestBackgroundSync } from './sw-update.ts';
import { setStorageProblem } from './ui.ts';

const RETRY_MIN_MS = 2_000;
const RETRY_MAX_MS = 60_000;
/** A basket GET that has not answered by then is given up: it holds the senders' lock meanwhile. */
const REFRESH_TIMEOUT_MS = 15_000;

let channel: BroadcastChannel | null = null;
let retryTimer: ReturnType<typeof setTimeout> | undefined;
let retryDelay = RETRY_MIN_MS;
/** Where the queue lives when IndexedDB cannot be used: changes then survive only until the tab closes. */
let memoryQueue: Mutation[] | null = null;
/**
 * Counts this page's own changes to the basket store (a change queued, a change settled, a basket taken
 * from the server or from storage). A read that began before one of them is stale when it ends: a storage
 * read is then repeated, a server read dropped. Without this, a late answer would put back a line the
 * shopper has since removed, or hide one just added, and the next step would build on it.
 */
let localChanges = 0;

const token = () => readCookie(TOKEN_COOKIE);
/** A plain copy for IndexedDB: a store's proxy cannot be cloned into it. */
const plain = <T,>(value: T): T => JSON.parse(JSON.stringify(value)) as T;

/** Runs fn under the senders' Web Lock (one tab or the service worker at a time works the basket). */
async function underLock<T>(fn: () => Promise<T>): Promise<T> {
  if (typeof navigator === 'undefined' || !navigator.locks) return fn();
  return (await navigator.locks.request(OUTBOX_LOCK, fn)) as T;
}

/** IndexedDB failed: from now on this tab keeps its queue in memory, and says so. */
function loseStorage(): void {
  memoryQueue ??= [...basket.queue];
  setStorageProblem('unavailable');
}

async function listQueue(): Promise<Mutation[]> {
  if (memoryQueue) return [...memoryQueue];
  try {
    return await readOutbox();
  } catch {
    loseStorage();
    return [...(memoryQueue ?? [])];
  }
}

/** Takes the stored queue, read again if this page changed it while the read was under way. */
async function syncQueue(): Promise<void> {
  for (;;) {
    const seen = localChanges;
    const queue = await listQueue();
    if (seen === localChanges) {
      basket.queue = queue;
      return;
    }
  }
}

/** Another tab or the service worker changed the basket: take its queue and confirmed basket, together. */
async function syncFromStorage(): Promise<void> {
  for (;;) {
    if (memoryQueue) return syncQueue();
    const seen = localChanges;
    let stored: Awaited<ReturnType<typeof readOutboxState>>;
    try {
      stored = await readOutboxState();
    } catch {
      loseStorage();
      continue;
    }
    if (seen !== localChanges) continue;
    localChanges += 1;
    basket.queue = stored.queue;
    basket.cart = stored.cart;
    break;
  }
  // Changes the service worker sent with no tab open and the shop refused: say why here.
  for (const n of await takeOutboxNotices().catch(() => [])) basket.notices.push(n);
}

function announce(): void {
  channel?.postMessage({ type: 'changed' });
}

const port: OutboxPort = {
  list: listQueue,
  cart: () => basket.cart,
  send: (m, req) => sendCartMutation(req, m.id, token()),
  async settle(m, how) {
    // On screen at once: the server's basket, without the change in the queue on top of it.
    localChanges += 1;
    if (how?.kind === 'success') basket.cart = how.cart;
    else if (how) basket.notices.push(refusalNotice(m, how.message));
    basket.queue = basket.queue.filter((q) => q.id !== m.id);
    if (memoryQueue) memoryQueue = memoryQueue.filter((q) => q.id !== m.id);
    else {
      // Should this fail, the change stays stored and is sent again: its key makes the resend harmless.
      await settleInOutbox(m.id, { cart: how?.kind === 'success' ? plain(how.cart) : undefined }).catch((err: unknown) =>
        console.warn('[outbox] could not store a settled change', err),
      );
    }
    announce();
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
      let settled = 0;
      const run = () => flushOutbox(port);
      do {
        flushAgain = false;
        settled += await underLock(run);
        // A read of the stored queue that began before a new change was written can leave that change out;
        // a change queued meanwhile asked for another round, which reads the queue again.
        await syncQueue();
      } while (flushAgain);
      // A round that got answers shows the network works: the next try comes soon again, not after the
      // grown delay of earlier failures.
      if (settled || !basket.queue.length) retryDelay = RETRY_MIN_MS;
      if (basket.queue.length) {
        // Changes wait for the network: try again later from here, and have the browser wake the service
        // worker when the network returns, even if every tab is closed by then. A round that sent all
        // asks nothing of Background Sync, so a click online costs no extra wake-up.
        scheduleRetry();
        void requestBackgroundSync();
      }
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
    if (!memoryQueue) {
      try {
        await appendToOutbox(plain(m));
      } catch {
        loseStorage();
      }
    }
    memoryQueue?.push(m);
  } finally {
    unsaved.splice(unsaved.indexOf(m), 1);
  }
  localChanges += 1;
  if (!basket.queue.some((q) => q.id === m.id)) basket.queue.push(m);
  announce();
  retryDelay = RETRY_MIN_MS;
  void flush();
}

/**
 * Asks the server for the confirmed basket when nothing is queued (queued changes answer with it). Under the
 * senders' lock, so no tab sends a change while the answer is out; an answer that arrives after this page
 * queued or settled a change is older than what the page shows, and is dropped.
 */
export function refreshCart(): Promise<void> {
  return underLock(async () => {
    if (basket.queue.length || (await listQueue()).length) return;
    const seen = localChanges;
    let cart: BasketItem[];
    try {
      cart = await fetchCart(token(), AbortSignal.timeout(REFRESH_TIMEOUT_MS));
    } catch {
      return; // offline: the last confirmed basket from IndexedDB stays on screen
    }
    if (seen !== localChanges || basket.queue.length) return;
    localChanges += 1;
    basket.cart = cart;
    if (memoryQueue) return;
    await saveCartSnapshot(plain(cart)).catch((err: unknown) => console.warn('[outbox] could not store the basket', err));
    announce();
  });
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
