// SQL of gift certificates (what is sold) and gift cards (what a paid certificate becomes: a code with a
// balance): the list, one certificate, a card by code (locked while it pays), payments from a card, and
// cards issued for an order.
import type { Queryable } from '../db/public.ts';
import type { GiftCertificate } from '../../common/contract/orders.ts';

const CERT_COLUMNS = 'slug, ext_id, name, nominal, description, image';

export function listCertificates(db: Queryable): Promise<GiftCertificate[]> {
  return db.query<GiftCertificate>(`select ${CERT_COLUMNS} from gift_certificates order by position, nominal`);
}

/** By ext_id ("GC-5000") or by slug (the certificate's page). */
export async function findCertificate(db: Queryable, extIdOrSlug: string): Promise<GiftCertificate | null> {
  const [row] = await db.query<GiftCertificate>(
    `select ${CERT_COLUMNS} from gift_certificates where ext_id = $1 or slug = $1 order by (ext_id = $1) desc limit 1`,
    [extIdOrSlug],
  );
  return row ?? null;
}

export interface GiftCardRow {
  id: number;
  code: string;
  balance: number;
  expires_at: Date | string;
}

export async function cardByCode(db: Queryable, code: string, lock = false): Promise<GiftCardRow | null> {
  const [row] = await db.query<GiftCardRow>(
    `select id, code, balance, expires_at from gift_cards where code = $1${lock ? ' for update' : ''}`,
    [code],
  );
  return row ?? null;
}

export async function cardsIssuedFor(db: Queryable, orderId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from gift_cards where order_id = $1', [orderId]);
  return row.n;
}
