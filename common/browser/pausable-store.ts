// An IndexedDB store (idb-keyval's UseStore) that lets go of the database while its page is hidden. WebKit
// (WebKitGTK 2.50 here; Safari's engine) keeps a page left for another in its back-forward cache with its
// IndexedDB transactions as they were: a transaction whose answer the frozen page never handles is never
// committed, and every later transaction of the next page on that store waits behind it for as long as the
// old page stays cached (measured here: a page left while writing, the next page's read unanswered in 5 of 8
// tries; docs/architecture.md, "The page", storage while a page is hidden). So on pause() the transactions
// under way are aborted and each operation waits; on resume() (the page shown again) they run again. An
// operation that was cut off so has had no effect, and a write resolves only once it is committed, so whatever
// a caller was told is stored stays stored. Hand-written: idb-keyval and idb offer no hook around their
// transactions, and no library handles the back-forward cache's frozen transactions.
import type { UseStore } from 'idb-keyval';

export interface PausableStore {
  store: UseStore;
  /** The page is hidden: abort what is under way, hold every operation until resume(). */
  pause(): void;
  /** The page is shown again: the held and the aborted operations run (again). */
  resume(): void;
}

export function pausableStore(base: UseStore): PausableStore {
  let paused = false;
  let waiting: (() => void)[] = [];
  const underWay = new Set<IDBTransaction>();
  const abortedByPause = new WeakSet<IDBTransaction>();
  const shown = (): Promise<void> | undefined => (paused ? new Promise((resolve) => waiting.push(resolve)) : undefined);

  /** One attempt; its transaction, once made, is handed to `made` (an abort then tells it from a failure). */
  async function attempt<T>(
    mode: IDBTransactionMode,
    callback: (s: IDBObjectStore) => T | PromiseLike<T>,
    made: (tx: IDBTransaction) => void,
  ): Promise<T> {
    let ended!: (error: unknown) => void;
    // Settles when the transaction ends: undefined once committed, the error once aborted (whatever the
    // callback is still waiting for then never comes).
    const end = new Promise<unknown>((resolve) => (ended = resolve));
    const answered = base(mode, (s) => {
      const tx = s.transaction;
      made(tx);
      if (paused) {
        // The database opened after the page was hidden: nothing starts until it is shown again.
        abortedByPause.add(tx);
        tx.abort();
        throw new DOMException('The page is hidden', 'AbortError');
      }
      underWay.add(tx);
      tx.addEventListener('complete', () => ended(undefined));
      tx.addEventListener('abort', () => ended(tx.error ?? new DOMException('The transaction was aborted', 'AbortError')));
      void end.then(() => underWay.delete(tx));
      return callback(s);
    });
    const abortedFirst = end.then((error) => (error === undefined ? new Promise<never>(() => undefined) : Promise.reject(error)));
    const value = await Promise.race([answered, abortedFirst]);
    // A write counts once committed: an abort after the callback answered would otherwise undo it unseen.
    if (mode === 'readwrite') {
      const error = await end;
      if (error !== undefined) throw error;
    }
    return value;
  }

  const store: UseStore = async (mode, callback) => {
    for (;;) {
      await shown();
      let tx: IDBTransaction | undefined;
      try {
        return await attempt(mode, callback, (made) => void (tx = made));
      } catch (err) {
        if (tx && abortedByPause.has(tx)) continue; // cut off by the page being hidden: again once it is back
        throw err;
      }
    }
  };

  return {
    store,
    pause() {
      paused = true;
      for (const tx of underWay) {
        try {
          tx.abort();
          abortedByPause.add(tx);
        } catch {
          // already committing or finished: the database completes it without the page
        }
      }
    },
    resume() {
      paused = false;
      const held = waiting;
      waiting = [];
      for (const go of held) go();
    },
  };
}
