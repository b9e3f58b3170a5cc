// The page's basket sync (docs/architecture.md, "A basket change"): the shared sync (common/browser/
// basket-sync.ts) wired to this page: the basket store as its view, IndexedDB as its storage, fetch with
// the shop's cookies as its transport, a BroadcastChannel to the other tabs, the Web Lock they share, the
// browser's online state, and Background Sync for changes that wait for the network. It also tells the server,
// by a cookie, whether changes wait (the basket page is then rendered without the server's lines).
import { BasketSync } from '../../common/browser/basket-sync.ts';
import { basketChannel } from '../../common/browser/basket-channel.ts';
import { cartTransport } from '../../common/browser/cart-calls.ts';
import { idbBasketStorage } from '../../common/browser/outbox-storage.ts';
import type { Mutation } from '../../common/basket-queue.ts';
import { basket, cartRenderedWith } from './basket.ts';
import { onServiceWorkerMessage, requestBackgroundSync } from './sw-update.ts';
import { setStorageProblem } from './ui.ts';
import { basketKnown } from './personal.ts';
import { subscribe } from 'valtio';
import { writeCookie } from '../lib/cookies.ts';
import { BASKET_QUEUED_COOKIE } from '../../common/storage-keys.ts';

let made: BasketSync | null = null;

/** Whether changes wait, as the cookie the server reads tells it (common/storage-keys.ts BASKET_QUEUED_COOKIE). */
let queuedTold: boolean | null = null;
function tellServerOfQueue(): void {
  if (typeof document === 'undefined') return; // no page: nothing is rendered for it
  const queued = basket.queue.length > 0;
  if (queued === queuedTold) return;
  queuedTold = queued;
  writeCookie(BASKET_QUEUED_COOKIE, queued ? '1' : null);
}

/** The sync, made on first use (importing this module opens no channel to the other tabs). */
const syncNow = (): BasketSync => made ?? makeSync();

function makeSync(): BasketSync {
  subscribe(basket, tellServerOfQueue);
  return (made = new BasketSync({
    view: basket,
    storage: idbBasketStorage,
    transport: cartTransport,
    channel: basketChannel(),
    locks: typeof navigator === 'undefined' ? undefined : navigator.locks,
    isOnline: () => typeof navigator === 'undefined' || navigator.onLine !== false,
    requestBackgroundSync: () => void requestBackgroundSync(),
    onStorageLost: () => setStorageProblem('unavailable'),
    onStoredRead: basketKnown,
  }));
}

/** Queues a change: stored first, then shown as pending, then sent when it can be. */
export const enqueue = (m: Mutation): Promise<void> => syncNow().enqueue(m);
/** The queued changes plus those still being stored, oldest first: what the next change builds on. */
export const queuedAndUnsaved = () => syncNow().queuedAndUnsaved();
/** Works through the queue now. */
export const flush = (): Promise<void> => syncNow().flush();
/** Asks the server for the confirmed basket when nothing is queued. */
export const refreshCart = (): Promise<void> => syncNow().refreshCart();

/** App start: join the other tabs, show what is stored, send what waits, and fetch the basket. */
export function startOutbox(): Promise<void> {
  onServiceWorkerMessage('basket-flush', () => void syncNow().flush());
  addEventListener('online', () => void syncNow().online());
  // Back to the tab: what waits is sent now rather than at the end of a grown retry delay.
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void syncNow().resume();
  });
  // A basket page the server rendered shows the shopper's confirmed basket already: it is newer than this
  // device's stored copy, which must not show meanwhile (basket-sync.ts takeServerCart). Only that page's:
  // any other page knows the basket from this device's storage, never from the server's HTML.
  return syncNow().start({ serverCart: cartRenderedWith() });
}
