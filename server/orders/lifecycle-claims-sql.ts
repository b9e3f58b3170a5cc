// The claim on work a pass carries out with the payment provider (refunds, closing receipts): the pending rows
// no process is carrying out now, oldest first, each claimed for a while. Two passes at once (the desk's own
// right after a move, and the minute's) claim different rows: the rows are locked as they are picked and a
// locked one is passed over (PostgreSQL re-checks only the outer condition of a row another statement changed
// meanwhile, so without the lock both claimed it and the bank was asked twice). Released with the reason when
// the provider did not take it.
import type { Queryable } from '../db/public.ts';

/** The tables of such work, each with status 'pending'/'done', claimed_until, attempts and last_error. */
export type ClaimedWork = 'refunds' | 'closing_receipts';

/** How long a pass may take over one row before another process may try it. */
const CLAIM = `interval '2 minutes'`;

/** Claims up to `limit` pending rows of `table`, answering `columns` of each (SQL over the row, named as the table). */
export function claimPending<T>(db: Queryable, table: ClaimedWork, columns: string, limit: number): Promise<T[]> {
  return db.query<T>(
    `update ${table} set claimed_until = now() + ${CLAIM}
      where id in (select id from ${table} where status = 'pending' and (claimed_until is null or claimed_until < now())
                    order by id limit $1 for update skip locked)
      returning ${columns}`,
    [limit],
  );
}

/**
 * Free for the next pass: asked and not taken (why, counted in attempts), or not asked in this pass (null: a
 * silent provider was asked no more).
 */
export async function releaseClaim(db: Queryable, table: ClaimedWork, id: number, error: string | null): Promise<void> {
  await db.query(
    `update ${table} set claimed_until = null, last_error = coalesce($2, last_error),
       attempts = attempts + case when $2::text is null then 0 else 1 end where id = $1`,
    [id, error],
  );
}
