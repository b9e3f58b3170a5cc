// What the search worker computes, DOM-free: the offline search over every offer
// the app has seen (offer-index.ts), kept in a store (IndexedDB in the browser: browser/seen-offers-store.ts).
// The worker (src/worker/search.worker.ts) exposes one; the page's worker client runs one in-thread when no
// worker can start. One implementation for both.
import type { Offer, OfferFilter, OfferPage } from './contract/catalog.ts';
import { PAGE_SIZE } from './contract/base.ts';
import { OfferIndex } from './offer-index.ts';
import { offersIn } from './offers-in.ts';

/** An offer card as the store keeps it: the last answer's card and when it came. */
export interface SeenOffer {
  offer: Offer;
  seenAt: number;
}

export interface SeenOffersStore {
  load(): Promise<SeenOffer[]>;
  /** The stored cards of these ids, in their order; unknown ids left out. */
  get(ids: readonly number[]): Promise<SeenOffer[]>;
  save(rows: readonly SeenOffer[]): Promise<void>;
  drop(ids: readonly number[]): Promise<void>;
}

/** How many offers the offline search keeps; past it the longest unseen are forgotten (when it next opens). */
export const MAX_SEEN_OFFERS = 20_000;

export function createSearchCore(store: SeenOffersStore) {
  const index = new OfferIndex();
  let opened: Promise<void> | null = null;

  /**
   * The index, built on the first search only (remembering cards never needs it): every stored card, the
   * longest unseen past MAX_SEEN_OFFERS forgotten first. A store that cannot be read answers empty; one that
   * failed to answer (browser/seen-offers-store.ts) is asked again at the next call.
   */
  const open = () =>
    (opened ??= store
      .load()
      .then(async (rows) => {
        const newestFirst = [...rows].sort((a, b) => b.seenAt - a.seenAt);
        const forgotten = newestFirst.slice(MAX_SEEN_OFFERS).map((r) => r.offer.id);
        // A store that cannot drop them keeps them; the index still takes only the newest (an error here would
        // leave every later search failing).
        if (forgotten.length) await store.drop(forgotten).catch(() => undefined);
        index.add(newestFirst.slice(0, MAX_SEEN_OFFERS).map((r) => r.offer));
      })
      .catch((err: unknown) => {
        opened = null;
        throw err;
      }));

  return {
    /** Keeps every offer card found in these catalogue answers (the newest answer wins). */
    async remember(answers: unknown[]): Promise<void> {
      const offers = [...new Map(answers.flatMap(offersIn).map((o) => [o.id, o])).values()];
      if (!offers.length) return;
      const seenAt = Date.now();
      await store.save(offers.map((offer) => ({ offer, seenAt })));
      // An index not opened (or whose store did not answer) takes them from the store when it opens.
      if (
        opened &&
        (await opened.then(
          () => true,
          () => false,
        ))
      )
        index.add(offers);
    },

    /** A page of the seen offers matching the query and the filter. */
    async searchSeen(query: string, filter: OfferFilter = {}, offset = 0, limit = PAGE_SIZE): Promise<OfferPage> {
      await open();
      return index.find(query, filter, offset, limit);
    },

    /** The seen offers of these ids, in their order; ids never seen are left out (read from the store alone). */
    async seenOffers(ids: number[]): Promise<Offer[]> {
      const rows = await store.get(ids);
      return rows.map((r) => r.offer);
    },
  };
}

export type SearchApi = ReturnType<typeof createSearchCore>;
