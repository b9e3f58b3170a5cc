// What a shopper does to the basket page's lines: change a quantity, remove a line, empty it (adding is
// add-to-basket.ts). Each becomes a queued change (state/outbox.ts); decreasing below 1 is blocked without a
// call (spec §4). A step up or down builds on every change already made, even one still being stored, so two
// quick clicks count twice. The outbox is not in the basket page's first download (the page loads it once it
// is on screen, the background work at idle): each action waits for it, in the order the taps came. If it
// cannot be had (the connection dropped before it came), nothing is queued and the page says so.
import { randomId } from '../lib/ids.ts';
import { basket } from './basket.ts';
import { project, type Mutation } from '../../common/basket-queue.ts';
import { quantityFailing } from '../../common/input-rules.ts';
import type * as OutboxModule from './outbox.ts';

export const CHANGE_FAILED = 'Не удалось изменить корзину: нет связи с сервером. Попробуйте ещё раз.';

type Outbox = typeof OutboxModule;
let loading: Promise<Outbox> | null = null;
/** The outbox, one load for every tap waiting on it, so they go on in the order they came; a failed load is tried again. */
const outbox = (): Promise<Outbox> =>
  (loading ??= import('./outbox.ts').catch((err: unknown) => {
    loading = null;
    throw err;
  }));

/** Loads the basket's queue ahead of the first change (the basket page calls it once it is on screen). */
export const preloadBasketChanges = (): void => void outbox().catch(() => undefined);

/** Queues what `change` makes of the outbox (null: nothing); false when the outbox could not be had. */
async function withOutbox(change: (o: Outbox) => Mutation | null): Promise<boolean> {
  let o: Outbox;
  try {
    o = await outbox();
  } catch {
    basket.notices.push({ id: randomId(), text: CHANGE_FAILED });
    return false;
  }
  const m = change(o);
  if (!m) return false;
  void o.enqueue(m);
  return true;
}

/** A quantity change, or null below 1 or above the line's limit (common/input-rules.ts). */
const quantityChange = (line: LineRef, quantity: number, label: string): Mutation | null =>
  quantityFailing(quantity) ? null : { id: randomId(), kind: 'update', ext_id: line.ext_id, quantity, label };

/** A line is named by its ext_id: its item_uuid is looked up when the change is sent (basket-outbox.ts requestOf). */
export interface LineRef {
  ext_id: string;
}

/** Sets a line's quantity; false (and nothing sent) below 1 or above the line's limit. */
export function changeQuantity(line: LineRef, quantity: number, label: string): Promise<boolean> {
  if (quantityFailing(quantity)) return Promise.resolve(false);
  return withOutbox(() => quantityChange(line, quantity, label));
}

/** Raises or lowers a line's quantity by `step` from what it is after every change made so far. */
export function stepQuantity(line: LineRef, step: number, label: string): Promise<boolean> {
  return withOutbox((o) => {
    const now = project(basket.cart, o.queuedAndUnsaved()).find((l) => l.ext_id === line.ext_id);
    return now ? quantityChange(line, now.quantity + step, label) : null;
  });
}

export function removeLine(line: LineRef, label: string): Promise<boolean> {
  return withOutbox(() => ({ id: randomId(), kind: 'remove', ext_id: line.ext_id, label }));
}

export function clearBasket(): Promise<boolean> {
  return withOutbox(() => ({ id: randomId(), kind: 'clear', label: 'Очистка корзины' }));
}
