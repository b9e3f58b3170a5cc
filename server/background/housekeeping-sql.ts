// SQL of housekeeping: finding unpaid orders past their time and undoing what placing them took (stock,
// gift card money, a promo code's use), and dropping rows that are of no more use (forgotten visitor
// carts, spent password reset links, long-revoked tokens). Each function runs in the caller's transaction.
import type { Queryable } from '../db/driver.ts';

/** Unpaid orders placed more than `days` ago that are not cancelled yet, oldest first. */
export async function staleUnpaidOrderIds(db: Queryable, days: number, limit: number): Promise<number[]> {
  const rows = await db.query<{ id: number }>(
    `select id from orders
      where payment_status in ('unpaid', 'pending') and status not in ('cancelled', 'paid')
        and created_at < now() - make_interval(days => $1)
      order by id limit $2`,
    [days, limit],
  );
  return rows.map((r) => r.id);
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

/** Visitors' carts nobody changed for `days` (a signed-in shopper's cart stays). */
export async function dropIdleVisitorCarts(db: Queryable, days: number): Promise<number> {
  const rows = await db.query(`delete from carts where user_id is null and updated_at < now() - make_interval(days => $1) returning 1`, [
    days,
  ]);
  return rows.length;
}

/** Password reset links that expired, or were used, more than `days` ago. */
export async function dropSpentResetTokens(db: Queryable, days: number): Promise<number> {
  const rows = await db.query(
    `delete from password_reset_tokens
      where expires_at < now() - make_interval(days => $1) or used_at < now() - make_interval(days => $1) returning 1`,
    [days],
  );
  return rows.length;
}

/** Sign-in tokens revoked more than `days` ago. */
export async function dropRevokedTokens(db: Queryable, days: number): Promise<number> {
  const rows = await db.query(`delete from auth_tokens where revoked_at < now() - make_interval(days => $1) returning 1`, [days]);
  return rows.length;
}
