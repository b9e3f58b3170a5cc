// SQL of unpaid orders past or near their deadline: finding them, marking the buyer reminded, and undoing
// what placing an order took (stock, gift card money, a promo code's use). Each function runs in the
// caller's transaction.
import type { Queryable } from '../db/driver.ts';
import { AWAITS_PAYMENT as UNPAID } from '../orders/orders-sql.ts';

/** Unpaid orders whose hold has lapsed, not cancelled yet, oldest first. */
export async function lapsedUnpaidOrderIds(db: Queryable, limit: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(`select id from orders where ${UNPAID} and hold_until < now() order by hold_until limit $1`, [
    limit,
  ]);
  return rows.map((r) => r.id);
}

/** Unpaid orders whose hold lapses within `minutes` and whose buyer was not reminded yet. */
export async function ordersToRemind(db: Queryable, minutes: number, limit: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `select id from orders
      where ${UNPAID} and hold_reminded_at is null
        and hold_until > now() and hold_until <= now() + make_interval(mins => $1)
      order by hold_until limit $2`,
    [minutes, limit],
  );
  return rows.map((r) => r.id);
}

/** Marks the (locked) order's buyer reminded; false when someone else did first. */
export async function markReminded(tx: Queryable, orderId: number): Promise<boolean> {
  const rows = await tx.query('update orders set hold_reminded_at = now() where id = $1 and hold_reminded_at is null returning 1', [
    orderId,
  ]);
  return rows.length > 0;
}

export async function setOrderCancelled(tx: Queryable, orderId: number): Promise<void> {
  await tx.query(`update orders set status = 'cancelled', gift_card_amount = 0 where id = $1`, [orderId]);
}

/** Puts the order's goods back in stock (variant rows locked in id order, as placing an order does). */
export async function returnStock(tx: Queryable, orderId: number): Promise<number> {
  const lines = await tx.query<{ variant_id: number; quantity: number }>(
    `select variant_id, sum(quantity)::int as quantity from order_items
      where order_id = $1 and variant_id is not null group by variant_id order by variant_id`,
    [orderId],
  );
  if (!lines.length) return 0;
  const ids = lines.map((l) => l.variant_id);
  await tx.query('select id from product_variants where id = any($1::int[]) order by id for update', [ids]);
  await tx.query(
    `update product_variants v set stock = v.stock + x.quantity
       from unnest($1::int[], $2::int[]) as x(id, quantity) where v.id = x.id`,
    [ids, lines.map((l) => l.quantity)],
  );
  return lines.reduce((s, l) => s + l.quantity, 0);
}

/** Gives the gift card money the order took back to its cards and drops those payments; the sum returned. */
export async function refundGiftCardPayments(tx: Queryable, orderId: number): Promise<number> {
  const paid = await tx.query<{ gift_card_id: number; amount: number }>(
    `select gift_card_id, sum(amount)::int as amount from gift_card_payments where order_id = $1
      group by gift_card_id order by gift_card_id`,
    [orderId],
  );
  for (const p of paid) {
    await tx.query('update gift_cards set balance = balance + $2 where id = $1', [p.gift_card_id, p.amount]);
  }
  await tx.query('delete from gift_card_payments where order_id = $1', [orderId]);
  return paid.reduce((s, p) => s + p.amount, 0);
}

export async function releasePromoUse(tx: Queryable, code: string): Promise<void> {
  await tx.query('update promo_codes set used_count = greatest(used_count - 1, 0) where code = $1', [code]);
}
