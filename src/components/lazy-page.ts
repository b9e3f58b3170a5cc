// Lazy pages (and popups: lazy-popup.tsx): each chunk loads on first use or ahead (preload); one whose chunk
// cannot be had reloads the page to fetch the new build (chunk-reload.ts), past that the error reaches the
// nearest boundary.
import { createElement, lazy, type ComponentType, type ReactNode } from 'react';
import { loadOrReload } from './chunk-reload.ts';

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
  const Lazy = lazy(() => loadOrReload(loadOnce));
  const Page = (props: P) => (loaded ? createElement(loaded, props) : createElement(Lazy as ComponentType<P>, props));
  Page.preload = () => loadOnce().then(() => undefined);
  return Page;
}
