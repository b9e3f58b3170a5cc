// Owns the basket outbox's and the confirmed basket's records in the shop's IndexedDB store (idb-store.ts),
// which the page and the service worker (Background Sync) both read and write; src/state/persist.ts owns
// the lkData record. Each change is one IndexedDB transaction, so tabs and the worker appending and
// removing at once never lose an entry.
import { get, promisifyRequest, set, update } from 'idb-keyval';
import type { BasketItem } from '../contract/basket.ts';
import { IDB } from '../storage-keys.ts';
import type { Mutation, Notice } from '../basket-queue.ts';
import { idbStore as store } from './idb-store.ts';
import type { BasketStorage } from './basket-sync.ts';

export async function readOutbox(): Promise<Mutation[]> {
  return (await get<Mutation[]>(IDB.outbox, store())) ?? [];
}

export function appendToOutbox(m: Mutation): Promise<void> {
  return update<Mutation[]>(IDB.outbox, (q = []) => [...q, m], store());
}

/**
 * A change leaves the queue, in one transaction with what it left behind: the server's basket (its answer)
 * and, for a refusal nobody may be there to see, its notice. A crash between the two can then never keep a
 * change that the stored basket already shows applied.
 */
export function settleInOutbox(id: string, outcome: { cart?: readonly BasketItem[]; notice?: Notice }): Promise<void> {
  return store()('readwrite', (s) => {
    const queue = s.get(IDB.outbox);
    queue.onsuccess = () =>
      s.put(
        ((queue.result as Mutation[] | undefined) ?? []).filter((m) => m.id !== id),
        IDB.outbox,
      );
    if (outcome.cart) s.put(outcome.cart, IDB.cart);
    if (outcome.notice) {
      const { notice } = outcome;
      const notices = s.get(IDB.notices);
      notices.onsuccess = () => s.put([...((notices.result as Notice[] | undefined) ?? []), notice], IDB.notices);
    }
    return promisifyRequest(s.transaction);
  });
}

/** The queue and the confirmed basket as one consistent pair (one transaction). */
export function readOutboxState(): Promise<{ queue: Mutation[]; cart: BasketItem[] }> {
  return store()('readonly', async (s) => {
    const [queue, cart] = await Promise.all([
      promisifyRequest(s.get(IDB.outbox) as IDBRequest<Mutation[] | undefined>),
      promisifyRequest(s.get(IDB.cart) as IDBRequest<BasketItem[] | undefined>),
    ]);
    return { queue: queue ?? [], cart: cart ?? [] };
  });
}

export function saveCartSnapshot(cart: readonly BasketItem[]): Promise<void> {
  return set(IDB.cart, cart, store());
}

/** The stored notices, removed in the same transaction so only one page shows them (no write when none). */
export function takeOutboxNotices(): Promise<Notice[]> {
  return store()('readwrite', async (s) => {
    const taken = (await promisifyRequest(s.get(IDB.notices) as IDBRequest<Notice[] | undefined>)) ?? [];
    if (taken.length) s.put([], IDB.notices);
    return taken;
  });
}

/** The basket sync's storage (basket-sync.ts) over these records. */
export const idbBasketStorage: BasketStorage = {
  read: readOutboxState,
  readQueue: readOutbox,
  append: appendToOutbox,
  settle: settleInOutbox,
  saveCart: saveCartSnapshot,
  takeNotices: takeOutboxNotices,
};
