// SQL of orders: the goods an order takes (variants locked in id order, so concurrent orders queue on the
// same rows and never deadlock), numbers, the order row, its line snapshot, stock, status history, the
// order read back by guid, and the shop's addresses for mail.
import type { Queryable } from '../db/public.ts';

/** What a basket line or a v1 item names, and how many. */
export interface WantedLine {
  variant_id: number | null;
  gift_certificate_id: number | null;
  quantity: number;
}

/** How an order line reads: the snapshot kept in order_items, and what pricing a basket line yields. */
interface LineDescription {
  ext_id: string;
  name: string;
  brand: string;
  size: string;
  color: string;
  image: string;
  price: number;
}

/** A line priced and described from the catalogue now (never from the client). */
export interface PricedLine extends WantedLine, LineDescription {
  product_id: number | null;
  active: boolean;
  /** null for a certificate. */
  stock: number | null;
}

const SIZE_LABEL = `case v.kind when 'top' then 'Верх ' || v.size when 'bottom' then 'Низ ' || v.size else v.size end`;

/** Locks the variants' rows (id order) and prices every line; unknown ids are left out. */
export async function lockAndPrice(tx: Queryable, lines: readonly WantedLine[]): Promise<PricedLine[]> {
  const variantIds = [...new Set(lines.flatMap((l) => (l.variant_id !== null ? [l.variant_id] : [])))].sort((a, b) => a - b);
  const certIds = [...new Set(lines.flatMap((l) => (l.gift_certificate_id !== null ? [l.gift_certificate_id] : [])))];
  // Locked first, in id order; the next statement reads them as committed after any wait for the lock.
  if (variantIds.length) {
    await tx.query('select id from product_variants where id = any($1::int[]) order by id for update', [variantIds]);
  }
  const variants = variantIds.length
    ? await tx.query<Omit<PricedLine, 'quantity' | 'gift_certificate_id'>>(
        `select v.id as variant_id, v.ext_id, p.id as product_id, p.name, b.name as brand, ${SIZE_LABEL} as size,
                co.name as color, coalesce((select i.url from product_images i where i.product_id = p.id
                                             order by i.is_main desc, i.position limit 1), '') as image,
                p.price, p.active, v.stock
           from product_variants v join products p on p.id = v.product_id
           join brands b on b.id = p.brand_id join colors co on co.id = v.color_id
          where v.id = any($1::int[])`,
        [variantIds],
      )
    : [];
  const certs = certIds.length
    ? await tx.query<Omit<PricedLine, 'quantity' | 'variant_id'>>(
        `select g.id as gift_certificate_id, g.ext_id, null::int as product_id, g.name,
                coalesce((select o.name from organization o where o.id = 1), '') as brand, '' as size, '' as color,
                g.image, g.nominal as price, true as active, null::int as stock
           from gift_certificates g where g.id = any($1::int[])`,
        [certIds],
      )
    : [];
  const byVariant = new Map(variants.map((v) => [v.variant_id, v]));
  const byCert = new Map(certs.map((c) => [c.gift_certificate_id, c]));
  return lines.flatMap((l): PricedLine[] => {
    if (l.variant_id !== null) {
      const v = byVariant.get(l.variant_id);
      return v ? [{ ...v, gift_certificate_id: null, quantity: l.quantity }] : [];
    }
    const c = l.gift_certificate_id !== null ? byCert.get(l.gift_certificate_id) : undefined;
    return c ? [{ ...c, variant_id: null, quantity: l.quantity }] : [];
  });
}

/** ext_ids of a v1 payload to what they name; unknown ones are left out. */
export async function namedByExtIds(db: Queryable, extIds: readonly string[]): Promise<Map<string, Omit<WantedLine, 'quantity'>>> {
  const rows = await db.query<{ ext_id: string; variant_id: number | null; gift_certificate_id: number | null }>(
    `select ext_id, id as variant_id, null::int as gift_certificate_id from product_variants where ext_id = any($1::text[])
     union all
     select ext_id, null::int, id from gift_certificates where ext_id = any($1::text[])`,
    [extIds],
  );
  return new Map(rows.map((r) => [r.ext_id, { variant_id: r.variant_id, gift_certificate_id: r.gift_certificate_id }]));
}

export async function nextOrderNumber(tx: Queryable): Promise<string> {
  const [row] = await tx.query<{ number: string }>(
    `select extract(year from now())::int || '-' || lpad(nextval('order_number_seq')::text, 6, '0') as number`,
  );
  return row.number;
}

export async function insertOrderItems(tx: Queryable, orderId: number, lines: readonly PricedLine[]): Promise<void> {
  await tx.query(
    `insert into order_items (order_id, variant_id, gift_certificate_id, product_id, ext_id, name, brand, size, color, image, price, quantity)
     select $1, x.variant_id, x.gift_certificate_id, x.product_id, x.ext_id, x.name, x.brand, x.size, x.color, x.image, x.price, x.quantity
       from jsonb_to_recordset($2::jsonb) as x(variant_id int, gift_certificate_id int, product_id int, ext_id text, name text,
                                               brand text, size text, color text, image text, price int, quantity int)`,
    [orderId, JSON.stringify(lines)],
  );
}

export async function takeStock(tx: Queryable, lines: readonly PricedLine[]): Promise<void> {
  const taken = lines.filter((l) => l.variant_id !== null);
  if (!taken.length) return;
  await tx.query(
    `update product_variants v set stock = v.stock - x.quantity
       from unnest($1::int[], $2::int[]) as x(id, quantity) where v.id = x.id`,
    [taken.map((l) => l.variant_id), taken.map((l) => l.quantity)],
  );
}

export interface OrderRow {
  id: number;
  number: string;
  guid: string;
  user_id: number | null;
  buyer_fio: string;
  buyer_email: string;
  buyer_phone: string;
  city_name: string;
  address: string;
  delivery_method: string;
  delivery_price: number;
  items_sum: number;
  promo_code: string | null;
  promo_discount: number;
  gift_card_amount: number;
  bonus_spent: number;
  total: number;
  status: string;
  payment_status: string;
  /** 'card' (online, before the goods leave) or 'on_receipt' (when they are handed over): common/order-status.ts. */
  payment_method: string;
  /** The buyer tries the goods on at the door and keeps what fits (migration 026). */
  fitting: boolean;
  /** What goods handed back before they were paid (at the door) cost: no longer owed (common/order-rules.ts amountDue). */
  returned_unpaid: number;
  /** The carrier that takes the parcel and its tariff (migration 027), or null: the shop's own delivery. */
  carrier: 'cdek' | null;
  carrier_tariff: number | null;
  /** The carrier's pickup point the buyer chose. */
  pickup_point: { code: string; name: string; address: string; type: string } | null;
  created_at: Date | string;
  /** Until when an unpaid order paid online holds its goods (an order paid on receipt has no such deadline). */
  hold_until: Date | string;
  /** The shipment's tracking number ('' until shipped). */
  tracking_number: string;
}

const ORDER_COLUMNS = `id, number, guid::text as guid, user_id, buyer_fio, buyer_email, buyer_phone, city_name, address,
  delivery_method, delivery_price, items_sum, promo_code, promo_discount, gift_card_amount, bonus_spent, total, status,
  payment_status, payment_method, fitting, returned_unpaid, carrier, carrier_tariff, pickup_point, created_at, hold_until,
  tracking_number`;

const GUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The order with this guid (locked when asked); null for an unknown or malformed guid. */
export async function orderByGuid(db: Queryable, guid: string, lock = false): Promise<OrderRow | null> {
  if (!GUID.test(guid)) return null;
  const [row] = await db.query<OrderRow>(`select ${ORDER_COLUMNS} from orders where guid = $1::uuid${lock ? ' for update' : ''}`, [guid]);
  return row ?? null;
}

export async function orderById(db: Queryable, id: number, lock = false): Promise<OrderRow | null> {
  const [row] = await db.query<OrderRow>(`select ${ORDER_COLUMNS} from orders where id = $1${lock ? ' for update' : ''}`, [id]);
  return row ?? null;
}

export interface OrderItemRow extends LineDescription {
  gift_certificate_id: number | null;
  quantity: number;
  /** Units the buyer sent back (migration 020). */
  returned: number;
}

export function orderItems(db: Queryable, orderId: number): Promise<OrderItemRow[]> {
  return db.query<OrderItemRow>(
    `select gift_certificate_id, ext_id, name, brand, size, color, image, price, quantity, returned
       from order_items where order_id = $1 order by id`,
    [orderId],
  );
}

export function orderHistory(db: Queryable, orderId: number): Promise<{ status: string; created_at: Date | string }[]> {
  return db.query('select status, created_at from order_status_history where order_id = $1 order by created_at, id', [orderId]);
}

export async function shopMail(db: Queryable): Promise<{ name: string; manager_email: string }> {
  const [row] = await db.query<{ name: string; manager_email: string }>('select name, manager_email from organization where id = 1');
  return row ?? { name: 'Море и Мода', manager_email: '' };
}

/** A saved address of this user as one line of text, or null when it is not theirs. */
export async function userAddressText(db: Queryable, userId: number, addressId: number): Promise<string | null> {
  const [row] = await db.query<{ text: string }>(
    `select concat_ws(', ', nullif(postcode, ''), nullif(city, ''), nullif(street, ''),
                      nullif('д. ' || house, 'д. '), nullif('кв. ' || flat, 'кв. ')) as text
       from addresses where id = $1 and user_id = $2`,
    [addressId, userId],
  );
  return row?.text ?? null;
}
