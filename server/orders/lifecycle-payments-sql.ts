// SQL of payments, the order lifecycle's (the one writer of an order's money): a provider's payment of an order
// (created, reused while pending for the same amount, read by its external id and locked while it settles),
// and settling it. The payments area (server/payments/) asks these through orders/public.ts.
import type { Queryable } from '../db/public.ts';
import type { Receipt } from './receipt.ts';

export interface PaymentRow {
  id: number;
  order_id: number;
  provider: string;
  amount: number;
  status: 'pending' | 'succeeded' | 'failed';
  external_id: string;
  /** The provider's own id of the payment (the bank's order id), once registered. */
  provider_ref: string | null;
  /** Where the buyer pays it, once registered. */
  provider_url: string | null;
  /** The fiscal receipt it is registered with (null for a payment made before receipts were sent). */
  receipt: Receipt | null;
}

const COLUMNS = 'id, order_id, provider, amount, status, external_id, provider_ref, provider_url, receipt';

/** A pending payment of the order for this sum, with its receipt, to be reused. */
export async function pendingPayment(db: Queryable, orderId: number, provider: string, amount: number): Promise<PaymentRow | null> {
  const [row] = await db.query<PaymentRow>(
    `select ${COLUMNS} from payments where order_id = $1 and provider = $2 and amount = $3 and status = 'pending' and receipt is not null
      order by id desc limit 1`,
    [orderId, provider, amount],
  );
  return row ?? null;
}

export async function insertPayment(
  tx: Queryable,
  p: { orderId: number; provider: string; amount: number; externalId: string; receipt: Receipt },
): Promise<PaymentRow> {
  const [row] = await tx.query<PaymentRow>(
    `insert into payments (order_id, provider, amount, external_id, receipt) values ($1, $2, $3, $4, $5::jsonb) returning ${COLUMNS}`,
    [p.orderId, p.provider, p.amount, p.externalId, JSON.stringify(p.receipt)],
  );
  return row;
}

export async function paymentByExternalId(db: Queryable, externalId: string, lock = false): Promise<PaymentRow | null> {
  const [row] = await db.query<PaymentRow>(`select ${COLUMNS} from payments where external_id = $1${lock ? ' for update' : ''}`, [
    externalId,
  ]);
  return row ?? null;
}

/**
 * Keeps the provider's id and address on a pending payment that has none yet, and answers the payment as it
 * is now (another server process may have kept its own first; null when the payment is gone).
 */
export async function claimProviderRef(db: Queryable, id: number, ref: string | null, url: string): Promise<PaymentRow | null> {
  await db.query(`update payments set provider_ref = $2, provider_url = $3 where id = $1 and provider_url is null and status = 'pending'`, [
    id,
    ref,
    url,
  ]);
  const [row] = await db.query<PaymentRow>(`select ${COLUMNS} from payments where id = $1`, [id]);
  return row ?? null;
}

export async function paymentById(db: Queryable, id: number): Promise<PaymentRow | null> {
  const [row] = await db.query<PaymentRow>(`select ${COLUMNS} from payments where id = $1`, [id]);
  return row ?? null;
}

export async function paymentByProviderRef(db: Queryable, provider: string, ref: string): Promise<PaymentRow | null> {
  const [row] = await db.query<PaymentRow>(`select ${COLUMNS} from payments where provider = $1 and provider_ref = $2`, [provider, ref]);
  return row ?? null;
}

export async function setPaymentStatus(tx: Queryable, id: number, status: 'succeeded' | 'failed'): Promise<void> {
  await tx.query(
    `update payments set status = $2, confirmed_at = case when $2 = 'succeeded' then now() else confirmed_at end where id = $1`,
    [id, status],
  );
}

/** The order's pending payments the provider has registered (it can be asked what became of them). */
export async function registeredPendingPayments(db: Queryable, orderId: number): Promise<PaymentRow[]> {
  return db.query<PaymentRow>(`select ${COLUMNS} from payments where order_id = $1 and status = 'pending' and provider_ref is not null`, [
    orderId,
  ]);
}

/** Marks the payment's late money as told to the manager; false when it was told before. */
export async function markLatePaid(tx: Queryable, id: number): Promise<boolean> {
  const rows = await tx.query('update payments set late_paid_at = now() where id = $1 and late_paid_at is null returning id', [id]);
  return rows.length > 0;
}
