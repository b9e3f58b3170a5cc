// The lkData changes of this tab that IndexedDB may not hold yet, journaled in localStorage synchronously on
// every change. IndexedDB's write is asynchronous, and before the page's background work has even loaded
// there is no write at all: a reload or a closed tab in the meantime lost the change (a favourite added just
// before a reload). The journal is the slice with the stored slice it was changed from; the next start lays
// it over what is stored (persist.ts), and a finished write with nothing newer clears it. A change made before
// that restore (the next page's first click) is laid over the journal the last page left, never over nothing.
// One journal for the origin: a second tab's change replaces it, and that tab's own write then covers it; a
// tab clears only a journal it wrote or took in, never one another tab has written since.
import type { LkData } from './lk-data.ts';
import { subscribe } from 'valtio';
import { STORAGE_KEYS } from '../../common/storage-keys.ts';
import { SAVED_STORES } from './saved-stores.ts';
import { emptyLkData, readLkData } from './lk-data-slice.ts';
import { mergeLkData, sameLkData } from './lk-data-merge.ts';
import { readStored, removeStored, writeStored } from './web-storage.ts';

/** What this tab last read from or wrote to IndexedDB; null before it has (changes count from nothing). */
let storedBase: LkData | null = null;
/** The journal the previous page left, until this page's restore has taken it in (persist.ts). */
let previous: { base: unknown; mine: unknown } | null = null;

/** persist.ts: the slice IndexedDB holds as far as this tab knows (the restore has read the journal by then). */
export function journalBase(base: LkData): void {
  storedBase = base;
  previous = null;
}

/** The slice now, laid over the previous page's journal until the restore has taken that in. */
function journalNow(): { base: unknown; mine: LkData } {
  const mine = readLkData();
  if (!previous) return { base: storedBase, mine };
  try {
    // This page's changes so far count from nothing (storage not read yet): laid over what the last page left.
    return { base: previous.base, mine: mergeLkData(emptyLkData(), mine, previous.mine as LkData) };
  } catch {
    return { base: storedBase, mine }; // a journal of another shape: this page's own changes only
  }
}

/** The journal's text this tab last wrote: a change of the stores outside the slice (the basket's lines,
 * online) writes nothing. */
let written: string | null = null;

/** After a change of a saved store: the slice now, and what it was changed from; nothing when that is all stored. */
function journalChange(): void {
  const now = journalNow();
  if (!previous && storedBase && sameLkData(now.mine, storedBase)) {
    if (written !== null) clearJournal();
    return;
  }
  const text = JSON.stringify(now);
  if (text === written) return;
  written = text;
  writeStored('local', STORAGE_KEYS.lkDataUnsaved, text);
}

let listening = false;

/** From the page's start (app/start.ts) on, every change of a saved store is journaled at once. Nothing has been
 *  read from storage yet; the journal the last page left is laid under this page's changes. */
export function startJournal(): void {
  storedBase = null;
  written = null;
  previous = readJournal();
  if (listening) return;
  listening = true;
  for (const store of SAVED_STORES) subscribe(store, journalChange);
}

/** The journal's text this tab read last (the previous page's, which its restore takes in). */
let taken: string | null = null;

/** The journal a previous page left, unchecked (persist.ts checks it), or null. */
export function readJournal(): { base: unknown; mine: unknown } | null {
  const raw = readStored('local', STORAGE_KEYS.lkDataUnsaved);
  taken = raw ?? null;
  if (!raw) return null;
  try {
    const j = JSON.parse(raw) as { base?: unknown; mine?: unknown };
    return { base: j.base ?? null, mine: j.mine ?? null };
  } catch {
    return null;
  }
}

/** The journal is done: removed, unless another tab has written its own since (that tab's save clears it). */
export function clearJournal(): void {
  const now = readStored('local', STORAGE_KEYS.lkDataUnsaved);
  if (now != null && (now === written || now === taken)) removeStored('local', STORAGE_KEYS.lkDataUnsaved);
  written = null;
  taken = null;
}
