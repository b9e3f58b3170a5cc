// The only owner of IndexedDB (idb-keyval): restores lkData before the first render and mirrors the
// stores into it after each change. A full or missing storage becomes ui.storageProblem, never a crash.
import { createStore, get, set, type UseStore } from 'idb-keyval';
import { subscribe } from 'valtio';
import { STORAGE_KEYS } from '../lib/storage-keys.ts';
import { basket } from './basket.ts';
import { favorites } from './favorites.ts';
import { applyLkData, readLkData } from './lk-data.ts';
import { setStorageProblem, ui } from './ui.ts';

const SAVE_DELAY_MS = 100;
let idb: UseStore | null = null;

function store(): UseStore {
  idb ??= createStore('moreimoda', 'state');
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

/** Saves shortly after every change of a persisted store, and at once when the page is hidden. */
export function startPersisting(): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const schedule = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void savePersisted(), SAVE_DELAY_MS);
  };
  const flush = () => {
    if (timer === undefined) return;
    clearTimeout(timer);
    timer = undefined;
    void savePersisted();
  };
  const unsubs = [subscribe(favorites, schedule), subscribe(basket, schedule), subscribe(ui, schedule)];
  const onHide = () => document.visibilityState === 'hidden' && flush();
  document.addEventListener('visibilitychange', onHide);
  return () => {
    unsubs.forEach((u) => u());
    document.removeEventListener('visibilitychange', onHide);
    clearTimeout(timer);
  };
}
