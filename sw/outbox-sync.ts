// Background Sync of the basket outbox: when the network returns, the browser wakes the service worker,
// which sends the queued basket changes (same rules and storage as the page, state/outbox-core.ts) even
// with every tab closed, then tells open tabs to reread the basket.
import { sendCartMutation } from '../src/api/cart.ts';
import { OUTBOX_LOCK, OUTBOX_SYNC_TAG } from '../src/lib/storage-keys.ts';
import { flushOutbox } from '../src/state/outbox-core.ts';
import { readCartSnapshot, readOutbox, removeFromOutbox, saveCartSnapshot } from '../src/state/outbox-storage.ts';

declare const self: ServiceWorkerGlobalScope;
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

async function sendQueued(): Promise<void> {
  let cart = await readCartSnapshot();
  const refused: string[] = [];
  const run = () =>
    flushOutbox({
      list: readOutbox,
      remove: removeFromOutbox,
      cart: () => cart,
      // No token header here: the same-origin `token` cookie names the shopper.
      send: (m, req) => sendCartMutation(req, m.id, null),
      async settled(m, outcome) {
        if (outcome.kind === 'success') {
          cart = outcome.cart;
          await saveCartSnapshot(cart);
        } else refused.push(`${m.label}: ${outcome.message}`);
      },
    });
  if (self.navigator.locks) await self.navigator.locks.request(OUTBOX_LOCK, run);
  else await run();
  for (const client of await self.clients.matchAll({ type: 'window' })) client.postMessage({ type: 'basket-synced', refused });
  // Still queued (the network failed again): a rejected promise asks the browser to retry the sync later.
  if ((await readOutbox()).length) throw new Error('basket outbox not empty yet');
}

export function registerOutboxSync(): void {
  self.addEventListener('sync', (event) => {
    const e = event as SyncEvent;
    if (e.tag === OUTBOX_SYNC_TAG) e.waitUntil(sendQueued());
  });
}
