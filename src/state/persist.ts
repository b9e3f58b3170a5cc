// Owns the lkData record in IndexedDB (idb-keyval; the basket outbox has its own, outbox-storage.ts):
// restores lkData before the first render and mirrors the
// stores into it after each change. A full or missing storage becomes ui.storageProblem, never a crash.
import { createStore, get, set, type UseStore } from 'idb-keyval';
import { subscribe } from 'valtio';
import { IDB, STORAGE_KEYS } from '../lib/storage-keys.ts';
import { basket } from './basket.ts';
import { favorites } from './favorites.ts';
import { applyLkData, readLkData } from './lk-data.ts';
import { setStorageProblem, ui } from './ui.ts';

let idb: UseStore | null = null;

function store(): UseStore {
  idb ??= createStore(IDB.database, IDB.store);
  return idb;
}

export async function restorePersisted(): Promise<void> {
  try {
    applyLkData(await get(STORAGE_KEYS.lkData, store()));
  } catch (err) {
    console.warn('[persist] IndexedDB is unavailable; working without saved data', err);
    setStorageProblem('unavailable');
  }
}

export async function savePersisted(): Promise<void> {
  try {
    await set(STORAGE_KEYS.lkData, readLkData(), store());
    if (ui.storageProblem === 'quota') setStorageProblem(null);
  } catch (err) {
    const quota = err instanceof DOMException && err.name === 'QuotaExceededError';
    console.warn('[persist] could not save lkData', err);
    setStorageProblem(quota ? 'quota' : 'unavailable');
  }
}

/**
 * Saves after every change of a persisted store (valtio already batches a burst of changes into one
 * notification), one write at a time: a change during a write is saved right after it.
 */
export function startPersisting(): () => void {
  let writing: Promise<void> | null = null;
  let dirty = false;
  const save = () => {
    if (writing) {
      dirty = true;
      return;
    }
    writing = savePersisted().finally(() => {
      writing = null;
      if (dirty) {
        dirty = false;
        save();
      }
    });
  };
  const unsubs = [subscribe(favorites, save), subscribe(basket, save), subscribe(ui, save)];
  return () => unsubs.forEach((u) => u());
}
