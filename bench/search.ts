// Search worker figures: the worker's own code (searchCore) over a catalogue of N offer names, timed in
// Node; the browser runs the same code off the main thread.
import type { Offer } from '../common/contract/catalog.ts';
import { searchCore } from '../common/search-core.ts';

const round = (n: number) => Math.round(n * 100) / 100;

export function searchFigures(
  names: { name: string; brand: string }[],
  queries: string[],
): { query: string; medianMs: number; hits: number }[] {
  const offers = names.map((n, i) => ({ id: i, name: n.name, brand: { slug: '', name: n.brand } }) as unknown as Offer);
  return queries.map((query) => {
    const times: number[] = [];
    let hits = 0;
    for (let i = 0; i < 15; i++) {
      const s = performance.now();
      hits = searchCore.filterOffers(offers, query).length;
      times.push(performance.now() - s);
    }
    times.sort((a, b) => a - b);
    return { query, medianMs: round(times[Math.floor(times.length / 2)]), hits };
  });
}

export function priceFigures(count: number): number {
  const prices = Array.from({ length: count }, (_, i) => 990 + ((i * 7919) % 24000));
  const s = performance.now();
  searchCore.formatPrices(prices);
  return round(performance.now() - s);
}
