// The picture cache's bound in bytes, beside Workbox's bound in entries: a shop of photographs could otherwise
// fill a phone with hundreds of megabytes. Workbox's expiration counts entries and ages only, so this plugin
// keeps a ledger of each cached picture's size (its content-length, which the shop's server always sends) and,
// after each picture is kept, drops the oldest ones until the whole fits the budget. Hand-written: no Workbox
// plugin bounds a cache by bytes.
import type { WorkboxPlugin } from 'workbox-core';

/** What the pictures may hold on a phone: a few hundred cards and galleries at a phone's widths. */
export const PICTURE_CACHE_BYTES = 40 * 1024 * 1024;
/** A cached picture whose size is not known counts as this much. */
const UNKNOWN_BYTES = 100 * 1024;

/**
 * The addresses to drop, oldest first, so that the rest fits `budget`; the newest (the one just shown) always
 * stays. Pure: tested alone.
 */
export function overBudget(entries: readonly (readonly [url: string, bytes: number])[], budget: number): string[] {
  let total = entries.reduce((sum, [, bytes]) => sum + bytes, 0);
  const drop: string[] = [];
  for (const [url, bytes] of entries.slice(0, -1)) {
    if (total <= budget) break;
    drop.push(url);
    total -= bytes;
  }
  return drop;
}

const sizeOf = (response: Response | undefined) => Number(response?.headers.get('content-length')) || UNKNOWN_BYTES;

/** The plugin of one cache: its ledger is read from the cache once, then kept as pictures come. */
export function pictureBytesPlugin(cacheName: string, budget = PICTURE_CACHE_BYTES): WorkboxPlugin {
  let ledger: Promise<Map<string, number>> | null = null;
  const read = async () => {
    const cache = await caches.open(cacheName);
    const sizes = new Map<string, number>();
    // keys() lists in the order the entries were put: the oldest first.
    for (const request of await cache.keys()) sizes.set(request.url, sizeOf(await cache.match(request)));
    return sizes;
  };
  return {
    cacheDidUpdate: async ({ request, newResponse }) => {
      ledger ??= read();
      const sizes = await ledger;
      sizes.delete(request.url); // put again: now the newest
      sizes.set(request.url, sizeOf(newResponse));
      const drop = overBudget([...sizes], budget);
      if (drop.length === 0) return;
      const cache = await caches.open(cacheName);
      for (const url of drop) {
        sizes.delete(url);
        await cache.delete(url);
      }
    },
  };
}
