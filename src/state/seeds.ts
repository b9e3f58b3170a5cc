// The data a page was rendered with on the server ("seeds"), by the key of the request that loaded it: the
// server puts it in the page as JSON (src/entry-server.tsx) and the page reads it back before hydrating
// (src/main.tsx), so the first render in the browser has the very data the server's HTML shows. A page's
// data hook starts from its seed instead of loading (components/use-load.ts); the catalogue's store is
// filled from the frame's seeds (state/catalog.ts).
import { createContext, useContext } from 'react';

export type Seed = { data: unknown } | { error: { status: number; message: string } };
export type Seeds = Record<string, Seed>;

export const SeedsContext = createContext<Seeds>({});

export const useSeeds = (): Seeds => useContext(SeedsContext);

/** True while rendering on the server: there is no window (stores are shared by every request there). */
export const onServer = (): boolean => typeof window === 'undefined';

/** A seed was rendered with: it serves this page load once (a later visit of the same key loads afresh). */
export function seedUsed(seeds: Seeds, key: string): void {
  delete seeds[key];
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
  const seed = useSeeds()[ORIGIN_SEED];
  return seed && 'data' in seed && typeof seed.data === 'string' ? seed.data : onServer() ? '' : location.origin;
}
