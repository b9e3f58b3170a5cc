// Every browser storage key and cache name the app and its service worker use (spec §3, §9), in one place.
export const STORAGE_KEYS = {
  lkData: 'lkData', // IndexedDB (idb-keyval): the persisted slice of spec §3
  cookieAccepted: 'cookieAccepted', // localStorage
  telegramPopupClosed: 'telegramPopupClosed', // localStorage
  pageViews: 'pageViews', // localStorage
  chunkReloadAt: 'chunkReloadAt', // sessionStorage: when a failed page chunk last reloaded the page
  logoutPending: 'logoutPending', // localStorage: a logout the server has not heard yet (offline)
  lkDataUnsaved: 'lkDataUnsaved', // localStorage: lkData changes not yet written to IndexedDB (state/unsaved-lkdata.ts)
  pushPromptDismissed: 'pushPromptDismissed', // localStorage: when the shopper last said «Не сейчас» to the notifications prompt (ms)
  pushRecordSent: 'pushRecordSent', // localStorage: what the shop last heard of this device's subscription, and when (push-sync.ts)
} as const;

/** The sign-in token: an HttpOnly cookie the server sets and clears; the page never reads it. */
export const TOKEN_COOKIE = 'token';
/** The server's "signed in" hint beside the token (no secret): the page loads the user when it is there. */
export const SIGNED_IN_COOKIE = 'signedIn';
/**
 * The cookie notice's acceptance, also kept as a cookie (beside localStorage's `cookieAccepted`): the server
 * reads it to render the notice into the page's HTML only for a visitor who has not accepted it.
 */
export const COOKIE_ACCEPTED_COOKIE = 'cookieAccepted';
/**
 * Set (to 1) while this device holds basket changes the shop has not confirmed, cleared when none wait (the
 * page's outbox writes it, src/state/outbox.ts). The server then renders the basket page without the lines it
 * knows: its confirmed basket lacks those changes, and showing it would show a basket the shopper did not
 * make until the app has read the device's queue. The service worker cannot write cookies: a queue it sent
 * with every tab closed leaves the cookie set, and the next basket page shows its placeholder a moment longer.
 */
export const BASKET_QUEUED_COOKIE = 'basketQueued';

/** The IndexedDB store the page (state/persist.ts) and the service worker (Background Sync) share. */
export const IDB = {
  database: 'moreimoda',
  store: 'state',
  /** Basket mutations waiting to be sent, oldest first (basket-outbox.ts Mutation[]). */
  outbox: 'basketOutbox',
  /** The last confirmed basket, shown while offline. */
  cart: 'basketCart',
  /** Why changes the service worker sent with no tab open were refused, for the next page to show. */
  notices: 'basketNotices',
} as const;

/**
 * The offline search's own IndexedDB database: every offer card the app has seen, by id, with when it was
 * last seen (common/browser/seen-offers-store.ts; the search worker owns it).
 */
export const SEEN_OFFERS_IDB = { database: 'shop-seen-offers', store: 'offers' } as const;

/** Background Sync tag and the lock that lets one sender at a time work through the outbox. */
export const OUTBOX_SYNC_TAG = 'basket-outbox';
export const OUTBOX_LOCK = 'basket-outbox';
/** BroadcastChannel the tabs use to tell each other the basket changed. */
export const BASKET_CHANNEL = 'basket';
/** BroadcastChannel on which a tab says it wrote lkData, so the others read it back (state/persist.ts). */
export const LKDATA_CHANNEL = 'lkData';

/** Runtime cache names of the service worker; bump the suffix to drop a cache on the next activate. */
export const CACHE_NAMES = {
  api: 'shop-api-v1',
  images: 'shop-images-v1',
} as const;
export const CACHE_PREFIX = 'shop-';

/** The response header naming the build a rendered page was made by, which the service worker keeps pages of. */
export const BUILD_HEADER = 'x-shop-build';
