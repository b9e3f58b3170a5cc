// A chunk that fails to load (a deploy replaced it, the network dropped) reloads the page once to fetch the
// new build, at most once per 60 s (spec §9); past that, or offline, the error goes on to the caller's
// boundary. A load cut off because the shopper is leaving the page is no failure: it never settles, and
// nothing reloads (a reload then would cancel the shopper's navigation; lib/page-leaving.ts tells). Used by
// the lazy pages (lazy-page.ts), the lazy popups, the frame's later pieces and the page's background start.
// The one user of the chunk-reload mark in sessionStorage.
import { STORAGE_KEYS } from '../../common/storage-keys.ts';
import { unlessLeaving } from '../lib/page-leaving.ts';
import { sessionArea, type StorageKey } from '../state/web-storage.ts';

export const CHUNK_RELOAD_INTERVAL_MS = 60_000;

type KeyedStorage = { getItem(key: StorageKey): string | null; setItem(key: StorageKey, value: string): void };

/** True when a reload is allowed now; records it (in sessionStorage unless given another). */
export function claimChunkReload(now = Date.now(), storage: KeyedStorage = sessionArea): boolean {
  const last = Number(storage.getItem(STORAGE_KEYS.chunkReloadAt) ?? 0);
  if (now - last < CHUNK_RELOAD_INTERVAL_MS) return false;
  storage.setItem(STORAGE_KEYS.chunkReloadAt, String(now));
  return true;
}

/** load(), or, when its chunk cannot be had, a reload of the page (once a minute at most) instead. */
export function loadOrReload<T>(load: () => Promise<T>): Promise<T> {
  return unlessLeaving(load).catch((err: unknown) => {
    if (navigator.onLine && claimChunkReload()) {
      location.reload();
      return new Promise<never>(() => undefined); // the reload replaces this page
    }
    throw err;
  });
}
