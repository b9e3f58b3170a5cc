// The data a page was rendered with on the server ("seeds"), by the key of the request that loaded it: the
// server puts it in the page as JSON (src/entry-server.tsx) and the page reads it back before hydrating
// (src/main.tsx), so the first render in the browser has the very data the server's HTML shows. A page's
// data hook starts from its seed instead of loading (components/use-load.ts); the catalogue's store is
// filled from the frame's seeds (state/catalog.ts). Beside the data, the server seeds what it rendered
// with: its origin, the cookie notice's state, and the time of the render, from which useNow counts while
// hydrating, so relative times match the server's HTML.
import { createContext, useContext, useSyncExternalStore } from 'react';
import type { PageSeed } from '../../common/page-data.ts';

export type Seed = PageSeed;
export type Seeds = Record<string, Seed>;

export const SeedsContext = createContext<Seeds>({});

export const useSeeds = (): Seeds => useContext(SeedsContext);

/** True while rendering on the server: there is no window (stores are shared by every request there). */
export const onServer = (): boolean => typeof window === 'undefined';

/** A seed was rendered with: it serves this page load once (a later visit of the same key loads afresh). */
export function seedUsed(seeds: Seeds, key: string): void {
  delete seeds[key];
}

/**
 * What a store reads from one render's seeds, made once per render (a hook may call it on every render; on the
 * server a module store is shared by every request, so a store's server side comes from the request's seeds).
 */
export function perRender<T>(make: (seeds: Seeds) => T): (seeds: Seeds) => T {
  const made = new WeakMap<Seeds, T>();
  return (seeds) => {
    if (!made.has(seeds)) made.set(seeds, make(seeds));
    return made.get(seeds)!;
  };
}

/** The answers the page was rendered with (the offline search keeps the offer cards among them). */
export const seededAnswers = (seeds: Seeds): unknown[] => Object.values(seeds).flatMap((seed) => ('data' in seed ? [seed.data] : []));

/** A seed's data when it holds data of this kind (`typeof`), else undefined. */
export function seedData<T extends 'string' | 'boolean'>(
  seeds: Seeds,
  key: string,
  kind: T,
): (T extends 'string' ? string : boolean) | undefined {
  const seed = seeds[key];
  return seed && 'data' in seed && typeof seed.data === kind ? (seed.data as T extends 'string' ? string : boolean) : undefined;
}

/** The seed key of the shop's public address the server rendered with (its PUBLIC_URL's origin). */
export const ORIGIN_SEED = 'site:origin';

/**
 * The seed key of whether the cookie notice shows: the server reads the visitor's acceptance cookie, so the
 * notice is part of the first paint (an overlay that appears later would be the page's largest paint).
 */
export const COOKIE_NOTICE_SEED = 'visitor:cookieNotice';

/** The shop's address for absolute links (structured data): the server's, so the page hydrates the same. */
export function useSiteOrigin(): string {
  return seedData(useSeeds(), ORIGIN_SEED, 'string') ?? (onServer() ? '' : location.origin);
}

/**
 * The seed key of the shopper's confirmed basket, on the one page the server renders for its shopper (the
 * basket page, never cached): the page starts from it instead of saying nothing is known (state/basket.ts).
 */
export const BASKET_SEED = 'visitor:basket';

/** Present when the page came from the service worker's cache rather than the server (app/server-rendering.ts). */
export const KEPT_PAGE_SEED = 'page:kept';

/** Whether the page's seeds may be out of date: it came from the cache (offline, or a slow network). */
export const fromKeptPage = (seeds: Seeds): boolean => KEPT_PAGE_SEED in seeds;

/** The seed key of when the server rendered the page (ISO time). */
export const RENDERED_AT_SEED = 'site:renderedAt';

/** The browser's clock for useNow: read once, then again every minute while anything shows it. */
let clock = 0;
const browserNow = () => clock || (clock = Date.now());
function everyMinute(changed: () => void): () => void {
  const timer = setInterval(() => {
    clock = Date.now();
    changed();
  }, 60_000);
  return () => clearInterval(timer);
}

/**
 * "Now" for what a page says relative to it (a post's "3 часа назад", the footer's year): on the server and
 * while the page hydrates, the time the server rendered at, so both write the same text; then the
 * browser's clock, kept to the minute.
 */
export function useNow(): Date {
  const rendered = seedData(useSeeds(), RENDERED_AT_SEED, 'string');
  const ms = useSyncExternalStore(everyMinute, browserNow, () => (rendered ? Date.parse(rendered) : Date.now()));
  return new Date(ms);
}
