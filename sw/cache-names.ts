// The service worker's cache names of this build: the shared runtime caches (common/storage-keys.ts) and the
// pages cache, whose name carries the build id, so pages rendered for another build's scripts are dropped
// when this worker activates.
import { CACHE_NAMES, CACHE_PREFIX } from '../common/storage-keys.ts';

export const PAGES_CACHE = `${CACHE_PREFIX}pages-${(import.meta.env.VITE_BUILD_ID as string | undefined) ?? 'dev'}`;

/** Every runtime cache this worker keeps; others of ours are an older version's. */
export const CURRENT_CACHES: readonly string[] = [...Object.values(CACHE_NAMES), PAGES_CACHE];
