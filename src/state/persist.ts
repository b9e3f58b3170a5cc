// Owns the lkData record in IndexedDB (idb-keyval; the basket outbox has its own, outbox-storage.ts):
// restores lkData before the first render and mirrors the stores into it after each change of the slice.
// A full or missing storage becomes ui.storageProblem, never a crash.
import { createStore, get, set, type UseStore } from 'idb-keyval';
import { subscribe } from 'valtio';
import { IDB, STORAGE_KEYS } from '../lib/storage-keys.ts';
import { basket } from './basket.ts';
import { favorites } from './favorites.ts';
import { applyLkData, readLkData, type LkData } from './lk-data.ts';
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

/** Writes the slice (by default as the stores hold it now); false when the write failed. */
export async function savePersisted(data: LkData = readLkData()): Promise<boolean> {
  try {
    await set(STORAGE_KEYS.lkData, data, store());
    if (ui.storageProblem === 'quota') setStorageProblem(null);
    return true;
  } catch (err) {
    const quota = err instanceof DOMException && err.name === 'QuotaExceededError';
    console.warn('[persist] could not save lkData', err);
    setStorageProblem(quota ? 'quota' : 'unavailable');
    return false;
  }
}

/**
 * Saves after every change of the slice (valtio already batches a burst of changes into one notification),
 * one write at a time: a change during a write is saved right after it. The stores also hold state that is
 * not in the slice (the basket's lines and queue, the dropdown, online): a change of only that writes nothing.
 */
export function startPersisting(): () => void {
  let writing: Promise<void> | null = null;
  let dirty = false;
  /** The slice as last written, or as restorePersisted put it back. */
  let written = JSON.stringify(readLkData());
  const save = () => {
    if (writing) {
      dirty = true;
      return;
    }
    const data = readLkData();
    const json = JSON.stringify(data);
    if (json === written) return;
    writing = savePersisted(data)
      .then((ok) => {
        if (ok) written = json;
      })
      .finally(() => {
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
