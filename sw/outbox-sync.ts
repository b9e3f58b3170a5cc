// Background Sync of the basket outbox: when the network returns, the browser wakes the service worker.
// With a tab of the shop open, the worker asks it to send its queued basket changes at once (the page owns
// the queue then); with every tab closed, the worker sends them itself (outbox-send.ts) and, when the
// network fails again, throws so the browser retries the sync later.
import { OUTBOX_SYNC_TAG } from '../common/storage-keys.ts';
import { basketChannel } from '../common/browser/basket-channel.ts';
import { sendOutboxFromWorker } from './outbox-send.ts';

declare const self: ServiceWorkerGlobalScope;
interface SyncEvent extends ExtendableEvent {
  readonly tag: string;
}

async function syncOutbox(): Promise<void> {
  const tabs = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
  if (tabs.length) {
    for (const tab of tabs) tab.postMessage({ type: 'basket-flush' });
    return;
  }
  const channel = basketChannel();
  try {
    await sendOutboxFromWorker({ locks: self.navigator.locks, channel });
  } finally {
    channel.close();
  }
}

export function registerOutboxSync(): void {
  self.addEventListener('sync', (event) => {
    const e = event as SyncEvent;
    if (e.tag === OUTBOX_SYNC_TAG) e.waitUntil(syncOutbox());
  });
}
