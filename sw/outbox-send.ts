// The service worker's own sending of the basket outbox, for when no tab of the shop is open: the shared
// basket sync (common/browser/basket-sync.ts) over the same IndexedDB records the pages use, each change
// with its id as Idempotency-Key and the shop's cookies (no token header: the worker cannot read cookies,
// and they go along), under the pages' Web Lock so a tab opened meanwhile waits instead of sending the same
// change at once. A refusal's reason is stored for the next page: no tab is open to show it now.
import { BasketSync, type BasketChannel } from '../common/browser/basket-sync.ts';
import { cartTransport } from '../common/browser/cart-calls.ts';
import { idbBasketStorage } from '../common/browser/outbox-storage.ts';

interface SendDeps {
  /** navigator.locks where the worker has it. */
  locks?: Pick<LockManager, 'request'>;
  /** Tells open pages the stored basket changed (the BroadcastChannel the tabs use). */
  channel?: BasketChannel;
}

/**
 * Sends every queued change in order. A change the server confirmed or refused leaves the queue. Throws
 * OutboxNotSent when the network failed, so Background Sync tries again later; returns how many settled.
 */
export function sendOutboxFromWorker(deps: SendDeps = {}): Promise<number> {
  const sync = new BasketSync({
    view: { cart: [], queue: [], notices: [] },
    storage: idbBasketStorage,
    transport: cartTransport,
    channel: deps.channel,
    locks: deps.locks,
    notices: 'store',
  });
  return sync.sendAll();
}
