// The one owner of the browser's Web Storage: localStorage (the widgets' flags, a logout not yet heard by
// the server, when the notifications prompt was last put off, what the shop last heard of this device's subscription, lkData changes not yet in IndexedDB) and sessionStorage (the page-chunk reload mark), by the keys of common/storage-keys.ts. A storage that is missing, full or refused
// (private mode, a blocked origin) reads as "cannot tell" and writes as false; it never throws.
import type { STORAGE_KEYS } from '../../common/storage-keys.ts';

export type StorageKey = (typeof STORAGE_KEYS)[keyof typeof STORAGE_KEYS];
type Area = 'local' | 'session';

const storageOf = (area: Area): Storage => (area === 'local' ? localStorage : sessionStorage);

/** The stored text; null when nothing is stored; undefined when the storage cannot be read at all. */
export function readStored(area: Area, key: StorageKey): string | null | undefined {
  try {
    return storageOf(area).getItem(key);
  } catch {
    return undefined;
  }
}

/** Stores the text; false when the storage refused it. */
export function writeStored(area: Area, key: StorageKey, value: string): boolean {
  try {
    storageOf(area).setItem(key, value);
    return true;
  } catch {
    return false;
  }
}

/** Removes the key; false when the storage refused. */
export function removeStored(area: Area, key: StorageKey): boolean {
  try {
    storageOf(area).removeItem(key);
    return true;
  } catch {
    return false;
  }
}

/** sessionStorage as the Storage-shaped pair a caller can take as a parameter (and a test can replace). */
export const sessionArea = {
  getItem: (key: StorageKey) => readStored('session', key) ?? null,
  setItem: (key: StorageKey, value: string) => void writeStored('session', key, value),
};
