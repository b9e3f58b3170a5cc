// What a shopper does to the basket page's lines: change a quantity, remove a line, empty it (adding is
// add-to-basket.ts). Each becomes a queued change (state/outbox.ts); decreasing below 1 is blocked without a
// call (spec §4). A step up or down builds on every change already made, even one still being stored, so two
// quick clicks count twice.
import { randomId } from '../lib/ids.ts';
import { basket } from './basket.ts';
import { project } from '../../common/basket-queue.ts';
import { enqueue, queuedAndUnsaved } from './outbox.ts';
import { quantityFailing } from '../../common/input-rules.ts';

/** A line is named by its ext_id: its item_uuid is looked up when the change is sent (basket-outbox.ts requestOf). */
export interface LineRef {
  ext_id: string;
}

/** Sets a line's quantity; false (and nothing sent) below 1 or above the line's limit (common/input-rules.ts). */
export function changeQuantity(line: LineRef, quantity: number, label: string): boolean {
  if (quantityFailing(quantity)) return false;
  void enqueue({ id: randomId(), kind: 'update', ext_id: line.ext_id, quantity, label });
  return true;
}

/** Raises or lowers a line's quantity by `step` from what it is after every change made so far. */
export function stepQuantity(line: LineRef, step: number, label: string): boolean {
  const now = project(basket.cart, queuedAndUnsaved()).find((l) => l.ext_id === line.ext_id);
  return now ? changeQuantity(line, now.quantity + step, label) : false;
}

export function removeLine(line: LineRef, label: string): void {
  void enqueue({ id: randomId(), kind: 'remove', ext_id: line.ext_id, label });
}

export function clearBasket(): void {
  void enqueue({ id: randomId(), kind: 'clear', label: 'Очистка корзины' });
}
