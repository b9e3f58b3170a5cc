// Store of app-wide UI state: the chosen city, the order popup flag, the last search text (all persisted in
// lkData), whether the device is online and whether browser storage works.
import { proxy, useSnapshot } from 'valtio';
import type { City } from '../../common/contract/orders.ts';

export type StorageProblem = null | 'quota' | 'unavailable';

export const ui = proxy({
  city: null as City | null,
  orderPopup: false,
  searchParam: '',
  /** True until the page has started (the server's HTML assumes it): watchConnectivity then reads the browser's. */
  online: true,
  storageProblem: null as StorageProblem,
});

export const useUi = () => useSnapshot(ui);

export function setOnline(online: boolean): void {
  ui.online = online;
}

/** An order was placed: the 'Ваша заказ принят' popup is owed (lkData's order popup flag). */
export function orderAccepted(): void {
  ui.orderPopup = true;
}

/** The shopper closed the 'Ваша заказ принят' popup: it is not shown again for that order. */
export function orderPopupSeen(): void {
  ui.orderPopup = false;
}

/** The last search text (spec §3 lkData "search param"). */
export function setSearchParam(text: string): void {
  ui.searchParam = text;
}

export function setStorageProblem(problem: StorageProblem): void {
  ui.storageProblem = problem;
}

/** Keeps ui.online in step with the browser's online/offline events, from the browser's state now. */
export function watchConnectivity(): () => void {
  setOnline(navigator.onLine !== false);
  const on = () => setOnline(true);
  const off = () => setOnline(false);
  addEventListener('online', on);
  addEventListener('offline', off);
  return () => {
    removeEventListener('online', on);
    removeEventListener('offline', off);
  };
}
