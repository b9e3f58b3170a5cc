// A manager's move of an order from the desk, made by the order's lifecycle (lifecycle.ts,
// lifecycle-hand-over.ts) with what each needs: a reason to cancel or return, a tracking number to ship, what
// the buyer kept at a fitting.
import type { Queryable } from '../db/public.ts';
import { Refusal } from '../refusal.ts';
import { undoesSale, type ManagerMove } from '../../common/manager-moves.ts';
import { advance, cancel, LIFECYCLE_MESSAGES, returnGoods, type Actor } from './lifecycle.ts';
import { handOver } from './lifecycle-hand-over.ts';
import type { OrderRow } from './orders-sql.ts';

/**
 * A manager's move from the desk, with what it needs: a reason for a cancel or a return (the buyer reads it
 * in their mail), a tracking number to ship (the buyer sees it on their order page), and, for the hand-over of
 * an order with fitting, what the buyer kept.
 */
export async function managerMove(
  tx: Queryable,
  order: OrderRow,
  move: ManagerMove,
  actor: Actor,
  input: {
    reason: string;
    tracking: string;
    lines?: readonly { ext_id: string; quantity: number }[];
    kept?: readonly { ext_id: string; quantity: number }[];
  },
  publicUrl: string,
): Promise<void> {
  const reason = input.reason.trim();
  const tracking = input.tracking.trim();
  if (undoesSale(move) && !reason) throw new Refusal('invalid', LIFECYCLE_MESSAGES.reasonNeeded);
  if (move === 'cancelled') return cancel(tx, order, actor, reason, publicUrl);
  if (move === 'returned') {
    const lines = input.lines && new Map(input.lines.map((l) => [l.ext_id, l.quantity]));
    if (lines && lines.size !== input.lines!.length) throw new Refusal('invalid', LIFECYCLE_MESSAGES.lineTwice);
    return returnGoods(tx, order, actor, reason, publicUrl, lines);
  }
  if (move === 'received' && input.kept) {
    const kept = new Map(input.kept.map((l) => [l.ext_id, l.quantity]));
    if (kept.size !== input.kept.length) throw new Refusal('invalid', LIFECYCLE_MESSAGES.lineTwice);
    return handOver(tx, order, kept, actor, reason, publicUrl);
  }
  if (move !== 'shipped') return advance(tx, order, move, actor, reason, publicUrl);
  if (!tracking) throw new Refusal('invalid', LIFECYCLE_MESSAGES.trackingNeeded);
  return advance(tx, order, move, actor, reason, publicUrl, tracking);
}
