// SQL of promo codes: one code (locked for the order that uses it) and counting a use.
import type { Queryable } from '../db/public.ts';
import type { PromoRow } from './promo-rules.ts';

export async function findPromo(db: Queryable, code: string, lock = false): Promise<PromoRow | null> {
  const [row] = await db.query<PromoRow>(
    `select code, kind, value, min_sum, valid_from, valid_to, max_uses, used_count, active
       from promo_codes where code = $1${lock ? ' for update' : ''}`,
    [code],
  );
  return row ?? null;
}

export async function countPromoUse(tx: Queryable, code: string): Promise<void> {
  await tx.query('update promo_codes set used_count = used_count + 1 where code = $1', [code]);
}
