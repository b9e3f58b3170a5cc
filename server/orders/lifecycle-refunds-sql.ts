// SQL of refunds (migration 016), the order lifecycle's: the pending ones a pass carries out
// (payments/refunds.ts), each claimed for a while so that one process at a time asks the provider, and marked
// done or tried again. The lifecycle writes each refund in lifecycle-sql.ts.
import type { Queryable } from '../db/public.ts';
import { claimPending, releaseClaim } from './lifecycle-claims-sql.ts';
import type { Receipt } from './receipt.ts';

export interface RefundRow {
  id: number;
  order_id: number;
  payment_id: number;
  kopecks: number;
  /** The refund's fiscal receipt (null for a payment registered without one). */
  receipt: Receipt | null;
  created_at: Date;
}

/** The pending refunds no process is carrying out now, oldest first, each claimed for this pass (lifecycle-claims-sql.ts). */
export function claimPendingRefunds(db: Queryable, limit: number): Promise<RefundRow[]> {
  return claimPending<RefundRow>(db, 'refunds', 'id, order_id, payment_id, kopecks, receipt, created_at', limit);
}

/** The provider took the refund: done. False when it was done before (by another process). */
export async function markRefundDone(tx: Queryable, id: number): Promise<boolean> {
  const rows = await tx.query(
    `update refunds set status = 'done', done_at = now(), last_error = null where id = $1 and status = 'pending' returning id`,
    [id],
  );
  return rows.length > 0;
}

/** Free for the next pass (lifecycle-claims-sql.ts). */
export const releaseRefund = (db: Queryable, id: number, error: string | null) => releaseClaim(db, 'refunds', id, error);

/**
 * Kopecks the payment's refunds have given back so far, read right before the next one is asked (not when the
 * pass claimed it: a refund the same pass carried out a moment ago counts).
 */
export async function refundedOfPayment(db: Queryable, paymentId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>(
    `select coalesce(sum(kopecks), 0)::int as n from refunds where payment_id = $1 and status = 'done'`,
    [paymentId],
  );
  return row?.n ?? 0;
}

/** Whether any of the order's refunds still waits. */
export async function refundsPending(tx: Queryable, orderId: number): Promise<boolean> {
  const rows = await tx.query(`select 1 from refunds where order_id = $1 and status = 'pending' limit 1`, [orderId]);
  return rows.length > 0;
}
