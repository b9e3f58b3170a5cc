// The only module that talks to the service worker (workbox-window): registers it, hands it the URLs this
// page loaded before it took control (so the first visit works offline too) and the pages reached inside the
// app (state/offline-pages.ts), asks for a new version on
// return to the tab and every hour (state/update-checks.ts), and fills the update prompt's state
// (state/sw-status.ts): a new version waits until the shopper agrees in a tab, then it takes over; that tab
// reloads, the others ask first.
import type { Workbox } from 'workbox-window';
import { OUTBOX_SYNC_TAG } from '../../common/storage-keys.ts';
import { newVersionTookOver, onUpdateAccepted, swStatus } from './sw-status.ts';
import { startUpdateChecks } from './update-checks.ts';
import { onKeepPage } from './offline-pages.ts';

let wb: Workbox | null = null;

/** Same-origin GETs this page made before a service worker controlled it (shell, API data, pictures). */
function urlsLoadedSoFar(): string[] {
  const urls = new Set<string>();
  for (const e of performance.getEntriesByType('resource') as PerformanceResourceTiming[]) {
    const u = new URL(e.name);
    if (u.origin === location.origin) urls.add(u.href);
  }
  return [...urls];
}

export async function registerServiceWorker(): Promise<void> {
  if (!('serviceWorker' in navigator) || import.meta.env.DEV) return;
  let WorkboxOf: typeof Workbox;
  try {
    ({ Workbox: WorkboxOf } = await import('workbox-window'));
  } catch (err) {
    // Its chunk cut off (the page being left) or not to be had: the next page registers the worker.
    console.warn('[sw] the service worker is not registered from this page', err);
    return;
  }
  wb = new WorkboxOf('/sw.js', { scope: '/' });
  onUpdateAccepted(() => wb?.messageSkipWaiting());
  wb.addEventListener('waiting', () => {
    swStatus.updateReady = true;
  });
  // A new version took control. Read from the browser, not from workbox-window's 'controlling': that one
  // calls it an update only in a tab whose own registration found an older version, so a tab that installed
  // the first version would never learn of the next. The first install (no controller before) simply takes
  // control; a replaced version reloads only the tab where the shopper accepted it.
  let controlled = navigator.serviceWorker.controller !== null;
  navigator.serviceWorker.addEventListener('controllerchange', () => {
    const replaced = controlled;
    controlled = true;
    if (replaced && newVersionTookOver() === 'reload') location.reload();
  });
  wb.addEventListener('activated', (e) => {
    if (e.isUpdate) return;
    void Promise.all([
      wb?.messageSW({ type: 'CACHE_URLS', payload: { urlsToCache: urlsLoadedSoFar() } }),
      // The page itself, as the server rendered it: the next visit, offline too, opens it from the cache.
      wb?.messageSW({ type: 'CACHE_PAGE', url: location.href }),
    ]).then(() => {
      swStatus.offlineReady = true;
      // Said on the document too, as data-ready is: what the worker keeps for this page is kept from now on
      // (the end-to-end tests wait for it before they take anything out of the caches).
      document.documentElement.dataset.offlineReady = '';
    });
  });
  // Pages reached inside the app, kept for offline (state/offline-pages.ts), as the landing page below.
  onKeepPage((url) => void wb?.messageSW({ type: 'CACHE_PAGE', url }).catch(() => undefined));
  try {
    await wb.register();
    startUpdateChecks(() => wb?.update());
  } catch (err) {
    console.warn('[sw] registration failed; the shop works online only', err);
  }
}

/** Asks the service worker to send the basket outbox when the network returns, even with the tab closed. */
export async function requestBackgroundSync(): Promise<void> {
  try {
    const reg = await navigator.serviceWorker?.getRegistration();
    const sync = (reg as (ServiceWorkerRegistration & { sync?: { register(tag: string): Promise<void> } }) | undefined)?.sync;
    await sync?.register(OUTBOX_SYNC_TAG);
  } catch {
    // no Background Sync here: the page sends on 'online' and at start
  }
}

/** Calls fn when the service worker posts a message of this type (e.g. 'basket-flush'). */
export function onServiceWorkerMessage(type: string, fn: () => void): void {
  if (typeof navigator === 'undefined' || !('serviceWorker' in navigator)) return;
  navigator.serviceWorker.addEventListener('message', (e: MessageEvent<{ type?: string }>) => {
    if (e.data?.type === type) fn();
  });
}
