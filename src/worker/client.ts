// Owns the search worker's lifecycle: starts it on first use, and falls back to running the same code on
// the main thread where a module worker cannot start (old browsers, tests), so callers never need to care.
import { wrap, type Remote } from 'comlink';
import type { Offer } from '../../common/contract/catalog.ts';
import { searchCore, type SearchApi } from '../../common/search-core.ts';

let remote: Remote<SearchApi> | null = null;
let failed = false;

function worker(): Remote<SearchApi> | null {
  if (remote || failed || typeof Worker === 'undefined') return remote;
  try {
    const w = new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module', name: 'search' });
    w.addEventListener('error', () => {
      failed = true;
      remote = null;
    });
    remote = wrap<SearchApi>(w);
  } catch {
    failed = true;
  }
  return remote;
}

async function call<K extends keyof SearchApi>(name: K, ...args: Parameters<SearchApi[K]>): Promise<ReturnType<SearchApi[K]>> {
  const fallback = () => (searchCore[name] as (...a: Parameters<SearchApi[K]>) => ReturnType<SearchApi[K]>)(...args);
  const w = worker();
  if (!w) return fallback();
  try {
    return await (w[name] as unknown as (...a: Parameters<SearchApi[K]>) => Promise<ReturnType<SearchApi[K]>>)(...args);
  } catch {
    return fallback();
  }
}

export const formatPrices = (prices: number[]): Promise<string[]> => call('formatPrices', prices);

/** An offer with its prices already formatted ("1 234 ₽"), ready to render. */
export type PricedOffer = Offer & { price_text: string; old_price_text: string | null };

/** Formats a list's prices and old prices in one batch through the worker. */
export async function withPriceTexts(offers: readonly Offer[]): Promise<PricedOffer[]> {
  const texts = await formatPrices(offers.flatMap((o) => [o.price, o.old_price ?? 0]));
  return offers.map((o, i) => ({
    ...o,
    price_text: texts[2 * i],
    old_price_text: o.old_price ? texts[2 * i + 1] : null,
  }));
}
