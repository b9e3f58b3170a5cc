// What the search worker computes, DOM-free: the worker (src/worker/search.worker.ts) exposes it, and the
// page's worker client runs it in-thread when no worker can start. One implementation for both.
import type { Offer } from './contract/catalog.ts';
import { formatPrice } from './money.ts';
import { matches, queryVariants } from './search-text.ts';

export const searchCore = {
  formatPrices(prices: number[]): string[] {
    return prices.map(formatPrice);
  },
  filterOffers(offers: Offer[], query: string): Offer[] {
    const variants = queryVariants(query);
    if (!variants.length) return [];
    return offers.filter((o) => matches(`${o.name} ${o.brand.name}`, variants));
  },
};
export type SearchApi = typeof searchCore;
