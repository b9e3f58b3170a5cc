// @vitest-environment jsdom
// A page hidden to be left (WebKit keeps it frozen in its back-forward cache) must not keep the next page of
// the shop waiting on IndexedDB: what it has under way on the shop's store is let go as it is hidden, and made
// again, once, if it is shown again. The frozen page is played here by a transaction the page never lets end,
// as WebKit's frozen page never handles its answer (measured in WebKitGTK: docs/architecture.md, "The page").
import 'fake-indexeddb/auto';
import { createStore, get, promisifyRequest } from 'idb-keyval';
import { expect, it } from 'vitest';
import { IDB } from '../../common/storage-keys.ts';
import { appendToOutbox, readOutbox } from '../../common/browser/outbox-storage.ts';
import { idbStore } from '../../common/browser/idb-store.ts';
import type { Mutation } from '../../common/basket-queue.ts';
import { holdStorageWhileHidden } from '../../src/state/storage-while-hidden.ts';
import { PATIENCE } from '../support/patience.ts';

holdStorageWhileHidden(); // as the page's start does

/** The next page of the shop: its own connection to the same store. */
const nextPage = createStore(IDB.database, IDB.store);
const hide = () => dispatchEvent(new Event('pagehide'));
const show = () => dispatchEvent(new Event('pageshow'));
const change = (id: string): Mutation => ({ id, kind: 'add', ext_id: 'a', quantity: 1, createdAt: 0 }) as unknown as Mutation;

it('lets the next page read the basket while a page hidden in the middle of a write stays frozen', async () => {
  // This page's write never ends on its own: each answer asks for another read, as a page that never
  // handles its answer never lets the transaction commit.
  let answers = 0;
  let attempts = 0;
  const made = idbStore()('readwrite', (s) => {
    if (++attempts > 1) return 'made again'; // shown again: this time it ends
    const again = () => {
      const read = s.get(IDB.outbox);
      read.onsuccess = () => {
        answers += 1;
        again();
      };
    };
    again();
    return new Promise(() => undefined);
  });
  await expect.poll(() => answers, PATIENCE).toBeGreaterThan(0);
  hide();
  await expect(get(IDB.outbox, nextPage)).resolves.toBeUndefined();
  show();
  await expect(made).resolves.toBe('made again');
});

it('makes a basket change cut off by the page being hidden once the page is shown again, once', async () => {
  await appendToOutbox(change('first'));
  // Hidden between the change's read of the queue and its write.
  let hidden = false;
  const written = idbStore()('readwrite', (s) => {
    const read = s.get(IDB.outbox);
    return new Promise<void>((resolve, reject) => {
      read.onsuccess = () => {
        if (!hidden) {
          hidden = true;
          hide();
        }
        try {
          s.put([...((read.result as Mutation[] | undefined) ?? []), change('second')], IDB.outbox);
          resolve();
        } catch (err) {
          reject(err as Error); // the transaction was let go: no write
        }
      };
    });
  });
  let done = false;
  void written.then(() => (done = true));
  // While the page is hidden the next page sees the queue as it was, and this page's change waits.
  await expect.poll(() => hidden, PATIENCE).toBe(true);
  expect(((await get<Mutation[]>(IDB.outbox, nextPage)) ?? []).map((m) => m.id)).toEqual(['first']);
  expect(done).toBe(false);
  show();
  await written;
  expect((await readOutbox()).map((m) => m.id)).toEqual(['first', 'second']);
});

it('starts nothing while the page is hidden: a change asked for just before waits until the page is shown', async () => {
  const written = appendToOutbox(change('third')); // its transaction is not made yet when the page hides
  hide();
  let done = false;
  void written.then(() => (done = true));
  await get(IDB.outbox, nextPage);
  // A write of the next page's comes after this page's would have been made: it finds the queue as it was.
  const queueThen = await nextPage('readwrite', (s) => promisifyRequest(s.get(IDB.outbox) as IDBRequest<Mutation[] | undefined>));
  expect((queueThen ?? []).map((m) => m.id)).toEqual(['first', 'second']);
  expect(done).toBe(false);
  show();
  await written;
  expect((await readOutbox()).map((m) => m.id)).toEqual(['first', 'second', 'third']);
});
