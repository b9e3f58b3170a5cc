// SQL of a user's own order history: the previews (newest first) and one order by pk, only when it is theirs.
import type { Queryable } from '../db/public.ts';
import { orderById, type OrderRow } from './orders-sql.ts';

export interface OrderPreviewRow {
  pk: number;
  number: string;
  created_at: Date | string;
  status: string;
  total: number;
  count: number;
}

export function orderPreviews(db: Queryable, userId: number): Promise<OrderPreviewRow[]> {
  return db.query<OrderPreviewRow>(
    `select o.id as pk, o.number, o.created_at, o.status, o.total,
            (select coalesce(sum(i.quantity), 0)::int from order_items i where i.order_id = o.id) as count
       from orders o where o.user_id = $1
      order by o.created_at desc, o.id desc`,
    [userId],
  );
}

/** The order when it is the user's; null for another's or a missing one (the caller cannot tell which). */
export async function ownOrder(db: Queryable, userId: number, pk: number): Promise<OrderRow | null> {
  const order = await orderById(db, pk);
  return order && order.user_id === userId ? order : null;
}
