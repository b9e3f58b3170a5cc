// A basket change waiting in the queue, and the basket as the shopper sees it with the queue applied: what
// the frame's basket counter, the basket page and the outbox all read. DOM-free and without the endpoint
// table, so the frame's first chunk can show the basket without the API's contract (basket-outbox.ts sends).
import type { BasketItem } from './contract/basket.ts';

/** What a queued add shows in the basket before the server has confirmed the line. */
export interface LinePreview {
  name: string;
  brand: string;
  price: number;
  image: string;
  href: string;
  feature: string;
}

export type Mutation =
  | { id: string; kind: 'add'; ext_id: string; quantity: number; label: string; preview?: LinePreview }
  | { id: string; kind: 'update'; ext_id: string; quantity: number; label: string }
  | { id: string; kind: 'remove'; ext_id: string; label: string }
  | { id: string; kind: 'clear'; label: string };

/** Why a change was refused, as the shopper reads it (on this page, or the next one when no tab was open). */
export interface Notice {
  id: string;
  text: string;
}

export interface ProjectedLine<Item = BasketItem> {
  ext_id: string;
  quantity: number;
  item?: Item;
  preview?: LinePreview;
  /** A queued change touches this line. */
  pending: boolean;
}

/** The basket as it will be once the queue is sent: confirmed lines with queued changes applied. */
export function project<Item extends { readonly ext_id: string; readonly quantity: number }>(
  cart: readonly Item[],
  queue: readonly Readonly<Mutation>[],
): ProjectedLine<Item>[] {
  let lines: ProjectedLine<Item>[] = cart.map((item) => ({ ext_id: item.ext_id, quantity: item.quantity, item, pending: false }));
  for (const m of queue) {
    if (m.kind === 'clear') {
      lines = [];
      continue;
    }
    const i = lines.findIndex((l) => l.ext_id === m.ext_id);
    if (m.kind === 'add') {
      if (i >= 0) lines[i] = { ...lines[i], quantity: lines[i].quantity + m.quantity, pending: true };
      else lines.push({ ext_id: m.ext_id, quantity: m.quantity, preview: m.preview, pending: true });
    } else if (i >= 0) {
      if (m.kind === 'remove') lines.splice(i, 1);
      else lines[i] = { ...lines[i], quantity: m.quantity, pending: true };
    }
  }
  return lines;
}
