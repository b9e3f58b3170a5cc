// Every browser storage key and cache name the app and its service worker use (spec §3, §9), in one place.
export const STORAGE_KEYS = {
  lkData: 'lkData', // IndexedDB (idb-keyval): the persisted slice of spec §3
  cookieAccepted: 'cookieAccepted', // localStorage
  telegramPopupClosed: 'telegramPopupClosed', // localStorage
  pageViews: 'pageViews', // localStorage
  chunkReloadAt: 'chunkReloadAt', // sessionStorage: when a failed page chunk last reloaded the page
} as const;

export const TOKEN_COOKIE = 'token';

/** Runtime cache names of the service worker; bump the suffix to drop a cache on the next activate. */
export const CACHE_NAMES = {
  api: 'shop-api-v1',
  images: 'shop-images-v1',
} as const;
export const CACHE_PREFIX = 'shop-';
