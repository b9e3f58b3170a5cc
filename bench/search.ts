// Offline search figures: the worker's own index (common/offer-index.ts) over N seen offers, timed in Node as
// a shopper types each query a letter at a time; the browser runs the same code off the main thread.
import type { Offer } from '../common/contract/catalog.ts';
import { OfferIndex } from '../common/offer-index.ts';

const round = (n: number) => Math.round(n * 100) / 100;

/** A card as the catalogue answers it, from a seeded product's name and brand. */
const card = (n: { name: string; brand: string }, id: number): Offer => ({
  id,
  slug: `offer-${id}`,
  name: n.name,
  brand: { slug: n.brand.toLowerCase(), name: n.brand },
  price: 990 + ((id * 7919) % 24000),
  old_price: null,
  discount: 0,
  is_new: false,
  is_sale: false,
  images: [],
  full_path_offer: `/kupalniki/${id}/offer-${id}`,
  colors: [],
  sizes: ['S', 'M'],
});

export interface KeystrokeFigures {
  query: string;
  keystrokes: number;
  medianMs: number;
  worstMs: number;
  hits: number;
}

/** How long the index takes to build over the offers, and each keystroke's search (median and worst). */
export function offlineSearchFigures(
  names: { name: string; brand: string }[],
  queries: string[],
): { offers: number; buildMs: number; rows: KeystrokeFigures[] } {
  const index = new OfferIndex();
  const offers = names.map(card);
  const s = performance.now();
  index.add(offers);
  const buildMs = round(performance.now() - s);
  const rows = queries.map((query) => {
    const times: number[] = [];
    let hits = 0;
    for (let typed = 1; typed <= query.length; typed++) {
      for (let run = 0; run < 5; run++) {
        const t = performance.now();
        hits = index.find(query.slice(0, typed)).count;
        times.push(performance.now() - t);
      }
    }
    times.sort((a, b) => a - b);
    return { query, keystrokes: query.length, medianMs: round(times[times.length >> 1]), worstMs: round(times[times.length - 1]), hits };
  });
  return { offers: offers.length, buildMs, rows };
}
