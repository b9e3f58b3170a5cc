// SQL of refunds (migration 016), the order lifecycle's: the pending ones a pass carries out
// (payments/refunds.ts), each claimed for a while so that one process at a time asks the provider, and marked
// done or tried again. The lifecycle writes each refund in lifecycle-sql.ts.
import type { Queryable } from '../db/public.ts';
import type { Receipt } from './receipt.ts';

export interface RefundRow {
  id: number;
  order_id: number;
  payment_id: number;
  kopecks: number;
  /** The refund's fiscal receipt (null for a payment registered without one). */
  receipt: Receipt | null;
  created_at: Date;
  /** Kopecks the payment's other refunds have given back already. */
  before: number;
}

/** How long a pass may take over one refund before another process may try it. */
const CLAIM = `interval '2 minutes'`;

/**
 * The pending refunds no process is carrying out now, oldest first, each claimed for this pass. Two passes at
 * once (the desk's own after a cancel, and the minute's) claim different rows: the rows are locked as they are
 * picked and a locked one is passed over (PostgreSQL re-checks only the outer condition of a row another
 * statement changed meanwhile, so without the lock both claimed it and the bank was asked twice).
 */
export function claimPendingRefunds(db: Queryable, limit: number): Promise<RefundRow[]> {
  return db.query<RefundRow>(
    `update refunds set claimed_until = now() + ${CLAIM}
      where id in (select id from refunds where status = 'pending' and (claimed_until is null or claimed_until < now())
                    order by id limit $1 for update skip locked)
      returning id, order_id, payment_id, kopecks, receipt, created_at,
        coalesce((select sum(o.kopecks) from refunds o where o.payment_id = refunds.payment_id and o.status = 'done'), 0)::int as before`,
    [limit],
  );
}

/** The provider took the refund: done. False when it was done before (by another process). */
export async function markRefundDone(tx: Queryable, id: number): Promise<boolean> {
  const rows = await tx.query(
    `update refunds set status = 'done', done_at = now(), last_error = null where id = $1 and status = 'pending' returning id`,
    [id],
  );
  return rows.length > 0;
}

/**
 * Free for the next pass: asked and not taken (why, counted in attempts), or not asked in this pass (null: a
 * silent provider was asked no more).
 */
export async function releaseRefund(db: Queryable, id: number, error: string | null): Promise<void> {
  await db.query(
    `update refunds set claimed_until = null, last_error = coalesce($2, last_error),
       attempts = attempts + case when $2::text is null then 0 else 1 end where id = $1`,
    [id, error],
  );
}

/** Whether any of the order's refunds still waits. */
export async function refundsPending(tx: Queryable, orderId: number): Promise<boolean> {
  const rows = await tx.query(`select 1 from refunds where order_id = $1 and status = 'pending' limit 1`, [orderId]);
  return rows.length > 0;
}
