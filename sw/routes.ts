// The service worker's runtime routes: the pages (pages.ts), stale-while-revalidate for public API data,
// cache-first with a bound in entries and in bytes for pictures, and the cleanup of caches an older version left.
import { CacheableResponsePlugin } from 'workbox-cacheable-response';
import { CacheExpiration, ExpirationPlugin } from 'workbox-expiration';
import { registerRoute } from 'workbox-routing';
import { CacheFirst, StaleWhileRevalidate } from 'workbox-strategies';
import { CACHE_NAMES, CACHE_PREFIX } from '../common/storage-keys.ts';
import { API_CACHE_LIMITS, CURRENT_CACHES } from './cache-names.ts';
import { cacheKindFor } from './cache-rules.ts';
import { registerPageRoutes } from './pages.ts';
import { pictureBytesPlugin } from './picture-bytes.ts';

declare const self: ServiceWorkerGlobalScope;

export function registerRuntimeRoutes(): void {
  registerPageRoutes();

  registerRoute(
    ({ url, request }) => cacheKindFor(url, request.method, self.location.origin) === 'api',
    new StaleWhileRevalidate({
      cacheName: CACHE_NAMES.api,
      plugins: [new CacheableResponsePlugin({ statuses: [200] }), new ExpirationPlugin({ ...API_CACHE_LIMITS, purgeOnQuotaError: true })],
    }),
  );

  registerRoute(
    ({ url, request }) => cacheKindFor(url, request.method, self.location.origin) === 'image',
    new CacheFirst({
      cacheName: CACHE_NAMES.images,
      plugins: [
        new CacheableResponsePlugin({ statuses: [200] }),
        new ExpirationPlugin({ maxEntries: 600, maxAgeSeconds: 30 * 24 * 3600, purgeOnQuotaError: true }),
        pictureBytesPlugin(CACHE_NAMES.images),
      ],
    }),
  );
}

/** Deletes our runtime caches whose names this version no longer uses. */
export async function deleteOldCaches(): Promise<void> {
  const keep = new Set<string>(CURRENT_CACHES);
  const names = await caches.keys();
  const old = names.filter((n) => n.startsWith(CACHE_PREFIX) && !keep.has(n));
  // With each cache its expiration records go too (kept in IndexedDB by cache name, they would stay forever).
  await Promise.all(
    old.map(async (n) => {
      await caches.delete(n);
      await new CacheExpiration(n, { maxEntries: 1 }).delete();
    }),
  );
}
