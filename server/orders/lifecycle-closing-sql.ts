// SQL of closing receipts (migration 022), the order lifecycle's: the pending ones a pass issues
// (payments/closing-receipts.ts), each claimed for a while so that one
// process at a time asks the provider (a row locked by another pass is passed over), and marked done or
// released with the reason it was not.
import type { Queryable } from '../db/public.ts';
import type { Receipt } from './receipt.ts';

export interface ClosingReceiptRow {
  id: number;
  order_id: number;
  payment_id: number;
  receipt: Receipt;
  created_at: Date;
}

/** How long a pass may take over one receipt before another process may try it. */
const CLAIM = `interval '2 minutes'`;

export function claimPendingClosingReceipts(db: Queryable, limit: number): Promise<ClosingReceiptRow[]> {
  return db.query<ClosingReceiptRow>(
    `update closing_receipts set claimed_until = now() + ${CLAIM}
      where id in (select id from closing_receipts where status = 'pending' and (claimed_until is null or claimed_until < now())
                    order by id limit $1 for update skip locked)
      returning id, order_id, payment_id, receipt, created_at`,
    [limit],
  );
}

export async function markClosingReceiptDone(db: Queryable, id: number): Promise<void> {
  await db.query(`update closing_receipts set status = 'done', done_at = now(), last_error = null where id = $1`, [id]);
}

/** Free for the next pass: refused (why, counted), or not asked in this pass (null: a silent provider). */
export async function releaseClosingReceipt(db: Queryable, id: number, error: string | null): Promise<void> {
  await db.query(
    `update closing_receipts set claimed_until = null, last_error = coalesce($2, last_error),
       attempts = attempts + case when $2::text is null then 0 else 1 end where id = $1`,
    [id, error],
  );
}
