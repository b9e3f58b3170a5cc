// The moves a manager makes on an order from the desk (paying is the bank's or a gift card's word, never
// theirs), named by the order's status codes (common/order-status.ts); apart from those, so that only the
// desk's chunk and the server carry them, never a shopper's page.
import { ORDER } from './order-status.ts';

export const MANAGER_MOVES = [
  ORDER.assembling,
  ORDER.shipped,
  ORDER.ready_for_pickup,
  ORDER.received,
  ORDER.cancelled,
  ORDER.returned,
] as const;
export type ManagerMove = (typeof MANAGER_MOVES)[number];

/** A move that undoes the sale (a cancel, a return): the buyer is given a reason, and any card money goes back. */
export const undoesSale = (move: ManagerMove): boolean => move === ORDER.cancelled || move === ORDER.returned;
