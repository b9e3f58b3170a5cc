// SQL of unpaid orders past or near their deadline: finding them and marking the buyer reminded (what a
// cancel undoes is the lifecycle's, orders/lifecycle-sql.ts). Each function runs in the caller's transaction.
import type { Queryable } from '../db/public.ts';
import { AWAITS_PAYMENT } from '../orders/public.ts';

/** Unpaid orders whose hold has lapsed, not cancelled yet, oldest first. */
export async function lapsedUnpaidOrderIds(db: Queryable, limit: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `select id from orders where ${AWAITS_PAYMENT} and hold_until < now() order by hold_until limit $1`,
    [limit],
  );
  return rows.map((r) => r.id);
}

/** Unpaid orders whose hold lapses within `minutes` and whose buyer was not reminded yet. */
export async function ordersToRemind(db: Queryable, minutes: number, limit: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `select id from orders
      where ${AWAITS_PAYMENT} and hold_reminded_at is null
        and hold_until > now() and hold_until <= now() + make_interval(mins => $1)
      order by hold_until limit $2`,
    [minutes, limit],
  );
  return rows.map((r) => r.id);
}
