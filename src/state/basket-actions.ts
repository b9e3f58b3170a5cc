// What a shopper does to the basket: add, change a quantity, remove a line, empty it. Each becomes a queued
// change (state/outbox.ts); decreasing below 1 is blocked without a call (spec §4).
import { randomId } from '../lib/ids.ts';
import type { LinePreview } from './outbox-core.ts';
import { enqueue } from './outbox.ts';

export interface LineRef {
  ext_id: string;
  item_uuid?: string;
}

export function addToBasket(ext_id: string, quantity: number, label: string, preview?: LinePreview): void {
  void enqueue({ id: randomId(), kind: 'add', ext_id, quantity, label, preview });
}

/** Sets a line's quantity; false (and nothing sent) below 1. */
export function changeQuantity(line: LineRef, quantity: number, label: string): boolean {
  if (!Number.isInteger(quantity) || quantity < 1) return false;
  void enqueue({ id: randomId(), kind: 'update', ext_id: line.ext_id, item_uuid: line.item_uuid ?? '', quantity, label });
  return true;
}

export function removeLine(line: LineRef, label: string): void {
  void enqueue({ id: randomId(), kind: 'remove', ext_id: line.ext_id, item_uuid: line.item_uuid ?? '', label });
}

export function clearBasket(): void {
  void enqueue({ id: randomId(), kind: 'clear', label: 'Очистка корзины' });
}
