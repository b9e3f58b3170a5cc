// Store of what the service worker told the page, for the status bar: a new version is waiting (the update
// prompt), a new version took over from another tab (this tab asks before it reloads, so nothing typed here
// is lost), the shop is ready offline. Filled by state/sw-update.ts, which registers the worker once the
// page is idle; the frame reads only this store, so its first chunk carries no service-worker code.
import { proxy, useSnapshot } from 'valtio';

export const swStatus = proxy({ updateReady: false, updateApplied: false, offlineReady: false });
export const useSwStatus = () => useSnapshot(swStatus);

let takeOver: (() => void) | null = null;
/** Whether the shopper accepted the update in this tab. */
let acceptedHere = false;

/** Set by the registration: what makes the waiting version take over. */
export function onUpdateAccepted(fn: () => void): void {
  takeOver = fn;
}

/** The shopper agreed to update: the waiting worker takes over, and the page reloads (state/sw-update.ts). */
export function applyUpdate(): void {
  swStatus.updateReady = false;
  acceptedHere = true;
  takeOver?.();
}

/**
 * A new version took control of this tab: the tab that accepted it reloads at once; any other tab keeps
 * what the shopper has on it and asks (updateApplied) before reloading.
 */
export function newVersionTookOver(): 'reload' | 'ask' {
  swStatus.updateReady = false;
  if (acceptedHere) return 'reload';
  swStatus.updateApplied = true;
  return 'ask';
}
