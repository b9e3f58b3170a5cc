// Background Sync of the basket outbox: when the network returns, the browser wakes the service worker,
// which asks the open tabs to send their queued basket changes at once. With every tab closed the queue
// stays in IndexedDB and goes out on the next visit (sending from the worker itself is not built yet).
import { OUTBOX_SYNC_TAG } from '../src/lib/storage-keys.ts';

declare const self: ServiceWorkerGlobalScope;
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

async function wakeTabs(): Promise<void> {
  for (const tab of await self.clients.matchAll({ type: 'window' })) tab.postMessage({ type: 'basket-flush' });
}

export function registerOutboxSync(): void {
  self.addEventListener('sync', (event) => {
    const e = event as SyncEvent;
    if (e.tag === OUTBOX_SYNC_TAG) e.waitUntil(wakeTabs());
  });
}
