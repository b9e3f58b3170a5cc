// The one IndexedDB store of the shop (idb-keyval): the saved lkData slice (src/state/persist.ts) and the
// basket outbox's records (outbox-storage.ts) live in it, in the page and in the service worker alike.
import { createStore, type UseStore } from 'idb-keyval';
import { IDB } from '../storage-keys.ts';

let store: UseStore | null = null;

/** The store, opened on first use. */
export function idbStore(): UseStore {
  store ??= createStore(IDB.database, IDB.store);
  return store;
}
