// Owns the offline search's IndexedDB database (SEEN_OFFERS_IDB): every offer card the app has seen, with
// when it was last seen. The search worker reads it once when it starts and writes what each answer brings.
// A database that is still empty is filled once from the service worker's cache of catalogue answers (and
// keeps them), so what an earlier version of the app saw is searchable too.
import { createStore, delMany, getMany, setMany, values, type UseStore } from 'idb-keyval';
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

export const seenOffersInIndexedDb: SeenOffersStore = {
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
