// Store of what the service worker told the page, for the status bar: a new version is waiting (the update
// prompt), the shop is ready offline. Filled by state/sw-update.ts, which registers the worker once the
// page is idle; the frame reads only this store, so its first chunk carries no service-worker code.
import { proxy, useSnapshot } from 'valtio';

export const swStatus = proxy({ updateReady: false, offlineReady: false });
export const useSwStatus = () => useSnapshot(swStatus);

let takeOver: (() => void) | null = null;

/** Set by the registration: what makes the waiting version take over. */
export function onUpdateAccepted(fn: () => void): void {
  takeOver = fn;
}

/** The shopper agreed to update: the waiting worker takes over, and the page reloads (state/sw-update.ts). */
export function applyUpdate(): void {
  swStatus.updateReady = false;
  takeOver?.();
}
