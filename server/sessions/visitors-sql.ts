// SQL of visitors known before they sign in: an unsigned visitor key of the shop's earlier releases is
// adopted only when a basket was stored under it (http/identity.ts).
import type { Queryable } from '../db/public.ts';

/** Whether a visitor's cart exists (the unsigned cookies of earlier releases are kept only then). */
export async function visitorHasCart(db: Queryable, visitorKey: string): Promise<boolean> {
  return (await db.query('select 1 from carts where visitor_key = $1', [visitorKey])).length > 0;
}
