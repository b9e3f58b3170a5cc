// SQL of closing receipts (migration 022), the order lifecycle's: the pending ones a pass issues
// (payments/closing-receipts.ts), each claimed for a while so that one process at a time asks the provider
// (lifecycle-claims-sql.ts), and marked done or released with the reason it was not.
import type { Queryable } from '../db/public.ts';
import { claimPending, releaseClaim } from './lifecycle-claims-sql.ts';
import type { Receipt } from './receipt.ts';

export interface ClosingReceiptRow {
  id: number;
  order_id: number;
  payment_id: number;
  receipt: Receipt;
  created_at: Date;
}

/** The pending closing receipts no process is issuing now, oldest first, each claimed for this pass. */
export function claimPendingClosingReceipts(db: Queryable, limit: number): Promise<ClosingReceiptRow[]> {
  return claimPending<ClosingReceiptRow>(db, 'closing_receipts', 'id, order_id, payment_id, receipt, created_at', limit);
}

export async function markClosingReceiptDone(db: Queryable, id: number): Promise<void> {
  await db.query(`update closing_receipts set status = 'done', done_at = now(), last_error = null where id = $1`, [id]);
}

/** Free for the next pass: refused (why, counted), or not asked in this pass (null). */
export const releaseClosingReceipt = (db: Queryable, id: number, error: string | null) => releaseClaim(db, 'closing_receipts', id, error);
