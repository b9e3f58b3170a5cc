// SQL of the manager's desk (desk/): orders found by a number, a phone, an e-mail or a name, filtered by status,
// by how they are paid and by the days they were placed, newest first; the count of each status among those found; one order's
// payments, refunds and timeline with who made each change; the manager's note.
import type { Queryable } from '../db/public.ts';
import { AWAITS_SHOP } from './lifecycle-sql.ts';

export interface DeskFilter {
  q?: string;
  status?: string;
  /** 'card' or 'on_receipt'. */
  payment?: string;
  /** Placed at or after this moment. */
  from?: Date;
  /** Placed before this moment. */
  to?: Date;
}

export interface DeskListRow {
  id: number;
  number: string;
  created_at: Date | string;
  status: string;
  payment_status: string;
  payment_method: string;
  /** The carrier's pickup point the buyer chose, if any. */
  pickup_point: { code: string; address: string } | null;
  buyer_fio: string;
  buyer_phone: string;
  buyer_email: string;
  total: number;
  count: number;
  delivery_method: string;
}

/** The where clause of a filter, with its parameters from $1 (the status left out when asked: the counts per status). */
function where(f: DeskFilter, withStatus: boolean): { sql: string; params: unknown[] } {
  const parts: string[] = [];
  const params: unknown[] = [];
  const add = (sql: (n: number) => string, value: unknown) => {
    params.push(value);
    parts.push(sql(params.length));
  };
  const q = f.q?.trim();
  if (q) {
    const digits = q.replace(/\D/g, '');
    const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
    params.push(like);
    const n = params.length;
    const alternatives = [`o.number ilike $${n}`, `o.buyer_email ilike $${n}`, `o.buyer_fio ilike $${n}`];
    // A phone is found by its digits however it was typed: "+7 925 123-45-67", "89251234567" or "1234567".
    if (digits.length >= 4) {
      params.push(`%${digits.length === 11 && /^[78]/.test(digits) ? digits.slice(1) : digits}%`);
      alternatives.push(`regexp_replace(o.buyer_phone, '\\D', '', 'g') like $${params.length}`);
    }
    parts.push(`(${alternatives.join(' or ')})`);
  }
  if (withStatus && f.status) add((n) => `o.status = $${n}`, f.status);
  if (f.payment) add((n) => `o.payment_method = $${n}`, f.payment);
  if (f.from) add((n) => `o.created_at >= $${n}`, f.from);
  if (f.to) add((n) => `o.created_at < $${n}`, f.to);
  return { sql: parts.length ? `where ${parts.join(' and ')}` : '', params };
}

export async function deskOrders(
  db: Queryable,
  f: DeskFilter,
  limit: number,
  offset: number,
): Promise<{ count: number; rows: DeskListRow[] }> {
  const w = where(f, true);
  const [{ count }] = await db.query<{ count: number }>(`select count(*)::int as count from orders o ${w.sql}`, w.params);
  const rows = await db.query<DeskListRow>(
    `select o.id, o.number, o.created_at, o.status, o.payment_status, o.payment_method, o.pickup_point, o.buyer_fio, o.buyer_phone, o.buyer_email, o.total,
            o.delivery_method, (select coalesce(sum(i.quantity), 0)::int from order_items i where i.order_id = o.id) as count
       from orders o ${w.sql}
      order by o.created_at desc, o.id desc
      limit ${limit} offset ${offset}`,
    w.params,
  );
  return { count, rows };
}

/** Orders of each status among those the search and the days find. */
export function statusCounts(db: Queryable, f: DeskFilter): Promise<{ status: string; count: number }[]> {
  const w = where(f, false);
  return db.query(`select o.status, count(*)::int as count from orders o ${w.sql} group by o.status`, w.params);
}

/** Orders waiting for the shop: placed (new) or paid, and not yet taken up. */
export async function waitingOrders(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>(`select count(*)::int as n from orders where ${AWAITS_SHOP}`);
  return row.n;
}

/** What the desk shows beside the order's row: the manager's note ('' when none; never shown to the buyer) and the accounting system's own number for the order ('' until 1C answers). */
export async function deskExtras(db: Queryable, orderId: number): Promise<{ note: string; accounting_number: string }> {
  const [row] = await db.query<{ note: string; accounting_number: string }>(
    'select manager_note as note, accounting_number from orders where id = $1',
    [orderId],
  );
  return row ?? { note: '', accounting_number: '' };
}

export function orderPayments(db: Queryable, orderId: number) {
  return db.query<{ provider: string; amount: number; status: string; created_at: Date | string }>(
    'select provider, amount, status, created_at from payments where order_id = $1 order by id',
    [orderId],
  );
}

export function orderRefunds(db: Queryable, orderId: number) {
  return db.query<{ kopecks: number; status: string; reason: string; last_error: string | null; created_at: Date | string }>(
    'select kopecks, status, reason, last_error, created_at from refunds where order_id = $1 order by id',
    [orderId],
  );
}

/** The closing receipt of the goods handed over, if one was written: its sum, whether the bank took it, and why not. */
export async function orderClosingReceipt(db: Queryable, orderId: number) {
  const [row] = await db.query<{ kopecks: number; status: string; last_error: string | null; created_at: Date | string }>(
    `select (receipt->>'total')::int as kopecks, status, last_error, created_at from closing_receipts where order_id = $1`,
    [orderId],
  );
  return row ?? null;
}

/** Every change of the order's status, oldest first, with the staff member's e-mail where a manager made it. */
export function orderTimeline(db: Queryable, orderId: number) {
  return db.query<{
    status: string;
    from_status: string | null;
    actor: string;
    email: string | null;
    comment: string;
    created_at: Date | string;
  }>(
    `select h.status, h.from_status, h.actor, u.email, h.comment, h.created_at
       from order_status_history h left join users u on h.actor = 'manager' and u.id = h.actor_id
      where h.order_id = $1 order by h.created_at, h.id`,
    [orderId],
  );
}
