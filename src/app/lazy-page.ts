// Lazy pages whose chunk may fail to load (a deploy replaced it, the network dropped): the page reloads
// once to fetch the new build, at most once per 60 s (spec §9); past that, the error reaches the boundary.
import { lazy, type ComponentType } from 'react';
import { STORAGE_KEYS } from '../../common/storage-keys.ts';
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

export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(() =>
    load().catch((err: unknown) => {
      if (navigator.onLine && claimChunkReload()) {
        location.reload();
        return new Promise<never>(() => undefined); // the reload replaces this page
      }
      throw err;
    }),
  );
}
