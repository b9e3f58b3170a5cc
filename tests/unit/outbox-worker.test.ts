// The service worker's own sending of the basket outbox (no tab open): the queue and the confirmed basket
// are read from and written to the same IndexedDB records the pages use (fake-indexeddb here), each change
// goes out in order with its id as Idempotency-Key and the shop's cookies, a network failure keeps the rest
// and throws so Background Sync retries, a refusal is kept for the next page, and the pages' lock is held.
import 'fake-indexeddb/auto';
import { clear, createStore } from 'idb-keyval';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { BasketItem } from '../../common/contract/basket.ts';
import { IDB, OUTBOX_LOCK } from '../../common/storage-keys.ts';
import type { Mutation } from '../../common/basket-queue.ts';
import { appendToOutbox, readOutbox, readOutboxState, saveCartSnapshot, takeOutboxNotices } from '../../common/browser/outbox-storage.ts';
import { OutboxNotSent } from '../../common/browser/basket-sync.ts';
import { sendOutboxFromWorker } from '../../sw/outbox-send.ts';
import { PATIENCE } from '../support/patience.ts';

const item = (ext_id: string, quantity: number, item_uuid: string): BasketItem => ({
  item_uuid,
  ext_id,
  quantity,
  price: 1000,
  product: { name: ext_id, brand: 'B', price: 1000, images: [], full_path_offer: '/x/1/y' },
});
const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;

interface Sent {
  method: string;
  url: string;
  key: string | null;
  auth: string | null;
  credentials: RequestCredentials | undefined;
  body: unknown;
}

/** A shop answering basket calls from a script; 'offline' fails on the network like fetch does. */
function fakeShop(script: ((s: Sent) => BasketItem[] | 'offline' | { status: number; message: string })[]) {
  const sent: Sent[] = [];
  vi.stubGlobal('fetch', async (url: string, init: RequestInit) => {
    const h = new Headers(init.headers);
    const s: Sent = {
      method: init.method ?? 'GET',
      url,
      key: h.get('idempotency-key'),
      auth: h.get('authorization'),
      credentials: init.credentials,
      body: init.body ? JSON.parse(String(init.body)) : undefined,
    };
    const next = script.shift();
    if (!next) throw new Error(`unexpected call ${s.method} ${url}`);
    const answer = next(s);
    if (answer === 'offline') throw new TypeError('Failed to fetch');
    sent.push(s);
    if (Array.isArray(answer)) return Response.json({ status: 'success', cart: answer });
    return Response.json({ status: 'error', message: answer.message }, { status: answer.status });
  });
  return sent;
}

const queue: Mutation[] = [
  { id: 'k1', kind: 'add', ext_id: 'a', quantity: 1, label: 'Платье, Размер M' },
  { id: 'k2', kind: 'update', ext_id: 'a', quantity: 3, label: 'Платье, Размер M' },
  { id: 'k3', kind: 'remove', ext_id: 'b', label: 'Юбка, Размер S' },
];

beforeEach(async () => {
  await clear(createStore(IDB.database, IDB.store));
  for (const m of queue) await appendToOutbox(m);
  await saveCartSnapshot([item('b', 1, uuid(2))]);
});
afterEach(() => {
  vi.unstubAllGlobals();
});

describe('the service worker sends the basket outbox with no tab open', () => {
  it('sends each change in order with its key and the cookies, empties the queue and keeps the confirmed basket', async () => {
    const sent = fakeShop([
      () => [item('b', 1, uuid(2)), item('a', 1, uuid(7))],
      () => [item('b', 1, uuid(2)), item('a', 3, uuid(7))],
      () => [item('a', 3, uuid(7))],
    ]);
    expect(await sendOutboxFromWorker()).toBe(3);
    expect(sent.map((s) => [s.method, s.url, s.key, s.body])).toEqual([
      ['POST', '/api/v2/cart/', 'k1', { ext_id: 'a', quantity: 1 }],
      ['PUT', `/api/v2/cart/${uuid(7)}/`, 'k2', { quantity: 3, item_uuid: uuid(7) }], // the uuid the server gave the new line
      ['DELETE', `/api/v2/cart/${uuid(2)}/`, 'k3', undefined],
    ]);
    expect(sent.every((s) => s.credentials === 'include' && s.auth === null)).toBe(true);
    expect(await readOutbox()).toEqual([]);
    expect((await readOutboxState()).cart.map((l) => [l.ext_id, l.quantity])).toEqual([['a', 3]]);
  });

  it('stops at a network failure, keeps that change and the rest, and throws so the browser retries', async () => {
    fakeShop([() => [item('b', 1, uuid(2)), item('a', 1, uuid(7))], () => 'offline']);
    await expect(sendOutboxFromWorker()).rejects.toBeInstanceOf(OutboxNotSent);
    expect((await readOutbox()).map((m) => m.id)).toEqual(['k2', 'k3']);
    expect((await readOutboxState()).cart.map((l) => l.ext_id)).toEqual(['b', 'a']);

    // The retry sends the same change with the same key, so a change that did reach the server is not repeated.
    const sent = fakeShop([() => [item('b', 1, uuid(2)), item('a', 3, uuid(7))], () => [item('a', 3, uuid(7))]]);
    expect(await sendOutboxFromWorker()).toBe(2);
    expect(sent.map((s) => s.key)).toEqual(['k2', 'k3']);
    expect(await readOutbox()).toEqual([]);
  });

  it('drops a refused change and keeps why for the next page, once', async () => {
    fakeShop([
      () => ({ status: 409, message: 'Осталось только 2 шт.' }),
      // the update then has no line to change, so nothing is sent for it; the removal goes out
      (s) => (s.method === 'DELETE' ? [] : 'offline'),
    ]);
    expect(await sendOutboxFromWorker()).toBe(3);
    expect(await readOutbox()).toEqual([]);
    expect(await takeOutboxNotices()).toEqual([{ id: 'k1', text: 'Платье, Размер M: Осталось только 2 шт.' }]);
    expect(await takeOutboxNotices()).toEqual([]);
  });

  it('waits for the lock a page holds before sending anything', async () => {
    const held: string[] = [];
    let release!: () => void;
    const pageHolds = new Promise<void>((r) => (release = r));
    let busy: Promise<unknown> = pageHolds;
    // A lock manager of one queue per name, like navigator.locks for exclusive requests.
    const locks = {
      request: ((name: string, fn: () => Promise<unknown>) => {
        held.push(name);
        const run = busy.then(fn);
        busy = run.catch(() => undefined);
        return run;
      }) as LockManager['request'],
    };
    const sent = fakeShop([
      () => [item('b', 1, uuid(2)), item('a', 1, uuid(7))],
      () => [item('b', 1, uuid(2)), item('a', 3, uuid(7))],
      () => [item('a', 3, uuid(7))],
    ]);
    const sending = sendOutboxFromWorker({ locks });
    await vi.waitFor(() => expect(held).toEqual([OUTBOX_LOCK]), PATIENCE);
    expect(sent).toEqual([]); // the page is still working the queue
    release();
    expect(await sending).toBe(3);
    expect(sent).toHaveLength(3);
  });
});
