// Owns the basket outbox's and the confirmed basket's records in IndexedDB. DOM-free, because both the page
// and the service worker (Background Sync) read and write them; persist.ts owns the lkData record, this
// module the basket's two, and nothing else touches IndexedDB. Each change is one IndexedDB transaction,
// so tabs and the worker appending and removing at once never lose an entry.
import { createStore, get, set, update, type UseStore } from 'idb-keyval';
import type { BasketItem } from '../api/contract.ts';
import { IDB } from '../lib/storage-keys.ts';
import type { Mutation, Notice } from './outbox-core.ts';

let idb: UseStore | null = null;
const store = () => (idb ??= createStore(IDB.database, IDB.store));

export async function readOutbox(): Promise<Mutation[]> {
  return (await get<Mutation[]>(IDB.outbox, store())) ?? [];
}

export function appendToOutbox(m: Mutation): Promise<void> {
  return update<Mutation[]>(IDB.outbox, (q = []) => [...q, m], store());
}

export function removeFromOutbox(id: string): Promise<void> {
  return update<Mutation[]>(IDB.outbox, (q = []) => q.filter((m) => m.id !== id), store());
}

export async function readCartSnapshot(): Promise<BasketItem[]> {
  return (await get<BasketItem[]>(IDB.cart, store())) ?? [];
}

export function saveCartSnapshot(cart: readonly BasketItem[]): Promise<void> {
  return set(IDB.cart, cart, store());
}

/** A refused change's explanation, kept for the next page when nobody was there to see it. */
export function appendOutboxNotice(n: Notice): Promise<void> {
  return update<Notice[]>(IDB.notices, (q = []) => [...q, n], store());
}

/** The stored notices, removed in the same transaction so only one page shows them. */
export async function takeOutboxNotices(): Promise<Notice[]> {
  let taken: Notice[] = [];
  await update<Notice[]>(IDB.notices, (q = []) => {
    taken = q;
    return [];
  }, store());
  return taken;
}
