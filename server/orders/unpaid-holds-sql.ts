// SQL of unpaid orders' holds: how many unpaid orders a shopper and an address hold now (those waiting for
// their online payment, and those to be paid on receipt that no manager has taken up yet).
import type { Queryable } from '../db/public.ts';
import type { Shopper } from '../http/public.ts';
import { AWAITS_PAYMENT, ON_RECEIPT_UNCONFIRMED } from './lifecycle-sql.ts';

export async function unpaidOrdersOf(db: Queryable, who: Shopper, address: string): Promise<{ shopper: number; address: number }> {
  const theirs = who.userId !== null ? 'user_id = $1' : 'visitor_key = $1';
  const [row] = await db.query<{ shopper: number; address: number }>(
    `select count(*) filter (where ${theirs})::int as shopper, count(*) filter (where client_address = $2)::int as address
       from orders where (${AWAITS_PAYMENT} or ${ON_RECEIPT_UNCONFIRMED}) and (${theirs} or client_address = $2)`,
    [who.userId ?? who.visitorKey, address],
  );
  return row ?? { shopper: 0, address: 0 };
}
