// SQL of the bonus ledger: a user's entries (the user row locked while an order spends), spends and accruals.
import type { Queryable } from '../db/public.ts';
import type { LedgerEntry } from './bonus-rules.ts';

export async function ledgerOf(db: Queryable, userId: number, lock = false): Promise<LedgerEntry[]> {
  if (lock) await db.query('select id from users where id = $1 for update', [userId]);
  return db.query<LedgerEntry>('select amount, expires_at, created_at from bonus_ledger where user_id = $1 order by created_at, id', [
    userId,
  ]);
}

export async function addLedgerEntry(
  tx: Queryable,
  e: { userId: number; orderId: number | null; kind: 'accrual' | 'spend' | 'welcome' | 'expire'; amount: number; expiresAt?: Date | null },
): Promise<void> {
  await tx.query('insert into bonus_ledger (user_id, order_id, kind, amount, expires_at) values ($1, $2, $3, $4, $5)', [
    e.userId,
    e.orderId,
    e.kind,
    e.amount,
    e.expiresAt ?? null,
  ]);
}

export interface LedgerRow {
  id: number;
  kind: 'accrual' | 'spend' | 'expire' | 'welcome';
  amount: number;
  created_at: Date | string;
  expires_at: Date | string | null;
  order_number: string | null;
}

/** The user's ledger as the account page lists it: newest first, with the number of each entry's order. */
export function ledgerRows(db: Queryable, userId: number): Promise<LedgerRow[]> {
  return db.query<LedgerRow>(
    `select b.id, b.kind, b.amount, b.created_at, b.expires_at, o.number as order_number
       from bonus_ledger b left join orders o on o.id = b.order_id
      where b.user_id = $1
      order by b.created_at desc, b.id desc`,
    [userId],
  );
}
