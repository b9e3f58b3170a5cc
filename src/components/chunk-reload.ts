// A chunk that fails to load (a deploy replaced it, the network dropped) reloads the page once to fetch the
// new build, at most once per 60 s (spec §9); past that, or offline, the error goes on to the caller's
// boundary. A load cut off because the shopper is leaving the page is no failure: it never settles, and
// nothing reloads (a reload then would cancel the shopper's navigation). Used by the lazy pages
// (lazy-page.ts), the lazy popups, the frame's later pieces and the page's background start. The one user of
// the chunk-reload mark in sessionStorage, and the one listener for the page being left.
import { STORAGE_KEYS } from '../../common/storage-keys.ts';
import { sessionArea, type StorageKey } from '../state/web-storage.ts';

export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

/**
 * How long a load that failed after a navigation began waits for the page to go. A navigation that began
 * and then went nowhere (a download, an answer with no content) leaves the page where it was; its failed
 * load then counts as failed.
 */
export const LEAVING_WAIT_MS = 10_000;

type KeyedStorage = { getItem(key: StorageKey): string | null; setItem(key: StorageKey, value: string): void };

/** True when a reload is allowed now; records it (in sessionStorage unless given another). */
export function claimChunkReload(now = Date.now(), storage: KeyedStorage = sessionArea): boolean {
  const last = Number(storage.getItem(STORAGE_KEYS.chunkReloadAt) ?? 0);
  if (now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  storage.setItem(STORAGE_KEYS.chunkReloadAt, String(now));
  return true;
}

const NEVER = new Promise<never>(() => undefined);

/**
 * The page being left. Firefox cuts off a page's loads the moment a navigation away begins (a typed address,
 * a notification's page), before the page is hidden: `beforeunload` is the first sign every engine gives.
 * It is listened to only while a load is under way: in Firefox a page with that listener never enters the
 * back-forward cache.
 */
let navigationBegan = false;
let hidden = false;
let loadsUnderWay = 0;
const onBeforeUnload = () => void (navigationBegan = true);
if (typeof window !== 'undefined') {
  addEventListener('pagehide', () => void (hidden = true));
  addEventListener('pageshow', () => {
    hidden = false;
    navigationBegan = false;
  });
}

function loadStarted(): void {
  if (loadsUnderWay++ === 0) addEventListener('beforeunload', onBeforeUnload);
}

function loadEnded(): void {
  if (--loadsUnderWay === 0) removeEventListener('beforeunload', onBeforeUnload);
}

/** Whether a load that just failed was cut off by the page being left: waits (LEAVING_WAIT_MS at most) for it to go. */
function cutOffByLeaving(): Promise<boolean> {
  if (hidden) return Promise.resolve(true);
  if (!navigationBegan) return Promise.resolve(false);
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      removeEventListener('pagehide', gone);
      navigationBegan = false; // it went nowhere: the page stays
      resolve(false);
    }, LEAVING_WAIT_MS);
    function gone() {
      clearTimeout(timer);
      resolve(true);
    }
    addEventListener('pagehide', gone, { once: true });
  });
}

/** load(), or, when its chunk cannot be had, a reload of the page (once a minute at most) instead. */
export function loadOrReload<T>(load: () => Promise<T>): Promise<T> {
  loadStarted();
  return load().then(
    (loaded) => {
      loadEnded();
      return loaded;
    },
    async (err: unknown) => {
      const leaving = cutOffByLeaving();
      loadEnded();
      if (await leaving) return NEVER; // the page is gone: nothing failed
      if (navigator.onLine && claimChunkReload()) {
        location.reload();
        return NEVER; // the reload replaces this page
      }
      throw err;
    },
  );
}
