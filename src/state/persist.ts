// Owns the lkData record in the shop's IndexedDB store (common/browser/idb-store.ts; the basket outbox's
// records belong to common/browser/outbox-storage.ts): restores lkData when the page starts, saves the
// stores into it after each change of the slice, and keeps the open tabs in step. Every save is a read-merge-write in one IndexedDB transaction (what this tab
// changed since it last synced, laid over what is stored: lk-data-merge.ts), then a note on a
// BroadcastChannel makes the other tabs read it back; so a favourite added in one tab survives a size picked
// in another. Until a change is written, localStorage holds it (unsaved-lkdata.ts), and the next start lays it
// over what is stored. A full or missing storage becomes ui.storageProblem, never a crash.
import { get, update } from 'idb-keyval';
import { subscribe } from 'valtio';
import { idbStore as store } from '../../common/browser/idb-store.ts';
import { LKDATA_CHANNEL, STORAGE_KEYS } from '../../common/storage-keys.ts';
import { mergeLkData, sameLkData } from './lk-data-merge.ts';
import { parseLkData, putLkData, readLkData, type LkData } from './lk-data.ts';
import { emptyLkData } from './lk-data-slice.ts';
import { setStorageProblem, ui } from './ui.ts';
import { SAVED_STORES } from './saved-stores.ts';
import { favoritesKnown } from './personal.ts';
import { clearJournal, journalBase, readJournal } from './unsaved-lkdata.ts';

/** The slice as this tab last read it from or wrote it to storage: what its own changes are measured from. */
let synced: LkData = emptyLkData();

function storageFailed(err: unknown, what: string): void {
  const quota = err instanceof DOMException && err.name === 'QuotaExceededError';
  console.warn(`[persist] could not ${what} lkData`, err);
  setStorageProblem(quota ? 'quota' : 'unavailable');
}

/**
 * Start: shows what is stored, with this tab's changes since the page started laid over it, and saves those.
 * Nothing has been read yet, so this tab's changes are measured from the empty slice: whatever the shopper
 * did before the page's idle start read storage (a size picked, a favourite added) counts.
 */
export async function restorePersisted(): Promise<void> {
  synced = emptyLkData();
  try {
    const theirs = await readPersisted();
    // What a previous page changed but may not have written (a reload right after a change), with this page's
    // own changes so far: read only now that storage has answered, and before this restore changes the stores
    // (and with them the journal). Read before the wait, it put back what the shopper undid during it (the
    // order popup closed, a favourite taken out).
    const journal = readJournal();
    if (theirs) takeIn(theirs);
    const journaled = journal && parseLkData(journal.mine);
    if (journaled) show(mergeLkData(parseLkData(journal.base) ?? synced, journaled, readLkData()));
  } finally {
    // As much as this device can know of the favourites is on screen now (whatever storage allowed).
    favoritesKnown();
  }
  if (!sameLkData(readLkData(), synced)) await savePersisted();
  else clearJournal();
}

/** Puts a merged slice into the stores when it differs from what they hold (another tab's changes). */
function show(merged: LkData): void {
  if (!sameLkData(merged, readLkData())) putLkData(merged);
}

/**
 * Writes this tab's changes since it last synced over what storage holds, in one transaction, and shows the
 * result; false when the write failed (the changes stay in the stores and go with the next save).
 */
export async function savePersisted(): Promise<boolean> {
  const base = synced;
  const mine = readLkData();
  let merged = mine;
  try {
    await update(STORAGE_KEYS.lkData, (raw: unknown) => (merged = mergeLkData(base, mine, parseLkData(raw) ?? base)), store());
  } catch (err) {
    storageFailed(err, 'save');
    return false;
  }
  if (ui.storageProblem === 'quota') setStorageProblem(null);
  synced = merged;
  journalBase(merged);
  if (sameLkData(readLkData(), merged)) clearJournal(); // nothing newer than what is written
  show(mergeLkData(mine, readLkData(), merged)); // keeps what changed here while the write was out
  return true;
}

/** The slice storage holds, or null when there is none, it is malformed, or storage cannot be read. */
async function readPersisted(): Promise<LkData | null> {
  try {
    return parseLkData(await get(STORAGE_KEYS.lkData, store()));
  } catch (err) {
    storageFailed(err, 'read');
    return null;
  }
}

/** Takes in the slice storage holds: shows it, keeping this tab's changes that are not saved yet. */
function takeIn(theirs: LkData): void {
  const base = synced;
  synced = theirs;
  journalBase(theirs);
  show(mergeLkData(base, readLkData(), theirs));
}

/** Reads what another tab wrote and shows it, keeping this tab's changes that are not saved yet. */
async function pullPersisted(): Promise<void> {
  const theirs = await readPersisted();
  if (theirs) takeIn(theirs);
}

/**
 * Saves after every change of the slice (valtio already batches a burst of changes into one notification)
 * and reads the slice back when another tab says it wrote it. One save or read at a time, in order: a
 * change during one is handled right after it. The stores also hold state outside the slice (the basket's
 * lines and queue, the dropdown, online): a change of only that writes nothing.
 */
export function startPersisting(): () => void {
  const channel = typeof BroadcastChannel === 'undefined' ? null : new BroadcastChannel(LKDATA_CHANNEL);
  let running = false;
  let wantSave = false;
  let wantPull = false;
  const run = async () => {
    if (running) return;
    running = true;
    try {
      while (wantSave || wantPull) {
        if (wantPull) {
          wantPull = false;
          await pullPersisted();
        } else {
          wantSave = false;
          if (!sameLkData(readLkData(), synced) && (await savePersisted())) channel?.postMessage('saved');
        }
      }
    } finally {
      running = false;
    }
  };
  const save = () => {
    wantSave = true;
    void run();
  };
  if (channel) {
    channel.onmessage = () => {
      wantPull = true;
      void run();
    };
  }
  const unsubs = SAVED_STORES.map((store) => subscribe(store, save));
  return () => {
    unsubs.forEach((u) => u());
    channel?.close();
  };
}
