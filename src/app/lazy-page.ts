// Lazy pages whose chunk may fail to load (a deploy replaced it, the network dropped): the page reloads
// once to fetch the new build, at most once per 60 s (spec §9); past that, the error reaches the boundary.
import { createElement, lazy, type ComponentType, type ReactNode } from 'react';
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

/** A page loaded on first use; `preload` loads it ahead, after which it renders at once, never suspending. */
export interface LazyPage<P extends object> {
  (props: P): ReactNode;
  preload(): Promise<void>;
}

/**
 * A page in a chunk of its own. Once its chunk is loaded (preload, or a first render that waited for it)
 * it renders without suspending: the server preloads the page it renders, and the browser the page it
 * hydrates, so the server's markup and the first render in the browser are the same tree.
 */
export function lazyPage<P extends object>(load: () => Promise<{ default: ComponentType<P> }>): LazyPage<P> {
  let loaded: ComponentType<P> | null = null;
  const loadOnce = () =>
    load().then((m) => {
      loaded = m.default;
      return m;
    });
  const Lazy = lazy(() =>
    loadOnce().catch((err: unknown) => {
      if (navigator.onLine && claimChunkReload()) {
        location.reload();
        return new Promise<never>(() => undefined); // the reload replaces this page
      }
      throw err;
    }),
  );
  const Page = (props: P) => (loaded ? createElement(loaded, props) : createElement(Lazy as ComponentType<P>, props));
  Page.preload = () => loadOnce().then(() => undefined);
  return Page;
}
