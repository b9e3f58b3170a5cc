// Owns the offline search's IndexedDB database (SEEN_OFFERS_IDB): every offer card the app has seen, with
// when it was last seen. The search worker reads it once when it starts and writes what each answer brings.
// A database that is still empty is filled once from the service worker's cache of catalogue answers (and
// keeps them), so what an earlier version of the app saw is searchable too. A call the database keeps waiting
// fails after SEEN_OFFERS_WAIT_MS (answeredInTime).
import { createStore, delMany, getMany, setMany, values, type UseStore } from 'idb-keyval';
import pTimeout from 'p-timeout';
import { CACHE_NAMES, SEEN_OFFERS_IDB } from '../storage-keys.ts';
import { offersIn } from '../offers-in.ts';
import type { SeenOffer, SeenOffersStore } from '../search-core.ts';

let store: UseStore | null = null;
const db = () => (store ??= createStore(SEEN_OFFERS_IDB.database, SEEN_OFFERS_IDB.store));

/** The offers in the service worker's cache of catalogue answers (none where there is no Cache API). */
async function offersInCachedAnswers(): Promise<SeenOffer[]> {
  if (typeof caches === 'undefined' || !(await caches.has(CACHE_NAMES.api))) return [];
  const answers = await Promise.all(
    (await (await caches.open(CACHE_NAMES.api)).matchAll()).map((res) => res.json().catch(() => null) as Promise<unknown>),
  );
  const seenAt = Date.now();
  return answers.flatMap(offersIn).map((offer) => ({ offer, seenAt }));
}

const withIndexedDb = async <T>(none: T, run: () => Promise<T>): Promise<T> => (typeof indexedDB === 'undefined' ? none : run());

/**
 * How long the offline search waits for its database. WebKit keeps a page left for another frozen in its
 * back-forward cache, its search worker too, with a transaction of this database half done, and every later
 * transaction of it waits behind that one until the old page goes (measured in WebKitGTK: a worker writing as
 * its page was left, the next page's read unanswered in 5 of 8 tries; telling the worker at `pagehide` still
 * left 3 of 10). So a call not answered by then fails, as a search without the network does, rather than
 * never ending (the search core asks again at the next search).
 */
export const SEEN_OFFERS_WAIT_MS = 5_000;

export class SeenOffersUnanswered extends Error {
  constructor() {
    super(`the seen offers' database did not answer in ${SEEN_OFFERS_WAIT_MS / 1000} s`);
    this.name = 'SeenOffersUnanswered';
  }
}

/** The answer, or SeenOffersUnanswered once the call has waited SEEN_OFFERS_WAIT_MS. */
const inTime = <T>(asked: Promise<T>): Promise<T> =>
  pTimeout(asked, { milliseconds: SEEN_OFFERS_WAIT_MS, message: new SeenOffersUnanswered() });

/** The store with every call limited to SEEN_OFFERS_WAIT_MS. */
export function answeredInTime(store: SeenOffersStore): SeenOffersStore {
  return {
    load: () => inTime(store.load()),
    get: (ids) => inTime(store.get(ids)),
    save: (rows) => inTime(store.save(rows)),
    drop: (ids) => inTime(store.drop(ids)),
  };
}

const seenOffersUntimed: SeenOffersStore = {
  async load() {
    try {
      return await withIndexedDb([] as SeenOffer[], async () => {
        const rows = await values<SeenOffer>(db());
        if (rows.length) return rows;
        // Still empty: what the cached answers hold is kept now, once.
        const cached = await offersInCachedAnswers();
        await this.save(cached);
        return cached;
      });
    } catch (err) {
      console.error('[search] the seen offers could not be read', err);
      return [];
    }
  },
  get: (ids) =>
    withIndexedDb([] as SeenOffer[], async () =>
      (await getMany<SeenOffer | undefined>([...ids], db())).filter((r): r is SeenOffer => r !== undefined),
    ),
  save: (rows) =>
    withIndexedDb(undefined, () =>
      setMany(
        rows.map((row) => [row.offer.id, row]),
        db(),
      ),
    ),
  drop: (ids) => withIndexedDb(undefined, () => delMany([...ids], db())),
};

/** The seen offers in IndexedDB, each call limited in time. */
export const seenOffersInIndexedDb = answeredInTime(seenOffersUntimed);
