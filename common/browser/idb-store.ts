// The one IndexedDB store of the shop (idb-keyval): the saved lkData slice (src/state/persist.ts) and the
// basket outbox's records (outbox-storage.ts) live in it, in the page and in the service worker alike. The
// page pauses it while the page is hidden (pausable-store.ts; src/main.tsx wires it to the page being left),
// so a page kept in the back-forward cache never holds a transaction the next page waits behind.
import { createStore } from 'idb-keyval';
import { IDB } from '../storage-keys.ts';
import { pausableStore, type PausableStore } from './pausable-store.ts';

let made: PausableStore | null = null;
const opened = (): PausableStore => (made ??= pausableStore(createStore(IDB.database, IDB.store)));

/** The store, opened on first use. */
export const idbStore = () => opened().store;

/** The page is hidden: what is under way on the store is aborted, and waits with the rest until resumeIdbStore(). */
export const pauseIdbStore = (): void => opened().pause();
/** The page is shown again: what waited runs. */
export const resumeIdbStore = (): void => opened().resume();
