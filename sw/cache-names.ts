// The service worker's cache names of this build: the shared runtime caches (common/storage-keys.ts) and the
// pages cache, whose name carries the build id, so pages rendered for another build's scripts are dropped
// when this worker activates.
import { CACHE_NAMES, CACHE_PREFIX } from '../common/storage-keys.ts';

/** The build this worker came with; the server names the build of each page it renders (BUILD_HEADER). */
export const BUILD_ID = (import.meta.env.VITE_BUILD_ID as string | undefined) ?? 'dev';

export const PAGES_CACHE = `${CACHE_PREFIX}pages-${BUILD_ID}`;

/** The bounds of the API cache: the route that fills it and the pages' data put there keep the same ones. */
export const API_CACHE_LIMITS = { maxEntries: 400, maxAgeSeconds: 14 * 24 * 3600 } as const;

/** Every runtime cache this worker keeps; others of ours are an older version's. */
export const CURRENT_CACHES: readonly string[] = [...Object.values(CACHE_NAMES), PAGES_CACHE];
