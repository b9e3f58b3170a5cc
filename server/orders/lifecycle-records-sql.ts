// What the order's lifecycle records of an order besides its status (lifecycle-sql.ts): the order placed,
// the gift card money it took and the gift cards it issued (a card's balance is written here and in
// lifecycle-sql.ts only), the manager's note, the payment reminder sent, the accounting system's number and
// the state it has taken. The other areas ask these functions; no file outside the lifecycle writes orders,
// payments, refunds or a gift card's balance (tests/unit/one-writer.test.ts).
import type { Queryable } from '../db/public.ts';
import type { PaymentMethod } from '../../common/order-status.ts';

export interface NewOrder {
  number: string;
  user_id: number | null;
  buyer_fio: string;
  buyer_email: string;
  buyer_phone: string;
  region_id: number;
  city_id: number;
  city_name: string;
  address: string;
  delivery_method: 'courier' | 'pickup';
  delivery_price: number;
  payment_method: PaymentMethod;
  fitting: boolean;
  carrier: 'cdek' | null;
  carrier_tariff: number | null;
  pickup_point: { code: string; name: string; address: string; type: string } | null;
  items_sum: number;
  promo_code: string | null;
  promo_discount: number;
  bonus_spent: number;
  total: number;
  comment: string;
  visitor_key: string | null;
  client_address: string;
  /** Minutes the order holds its goods unpaid. */
  hold_minutes: number;
}

/** A new order; paid online, it holds its goods unpaid for `hold_minutes` (paid on receipt, the deadline is not used). */
export async function insertOrder(tx: Queryable, o: NewOrder): Promise<{ id: number; guid: string; hold_until: Date }> {
  const [row] = await tx.query<{ id: number; guid: string; hold_until: Date }>(
    `insert into orders (number, user_id, buyer_fio, buyer_email, buyer_phone, region_id, city_id, city_name, address,
                         delivery_method, delivery_price, items_sum, promo_code, promo_discount, bonus_spent, total, comment,
                         visitor_key, client_address, hold_until, payment_method, fitting, carrier, carrier_tariff, pickup_point)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18, $19,
             now() + make_interval(mins => $20), $21, $22, $23, $24, $25::jsonb)
     returning id, guid::text as guid, hold_until`,
    [
      o.number,
      o.user_id,
      o.buyer_fio,
      o.buyer_email,
      o.buyer_phone,
      o.region_id,
      o.city_id,
      o.city_name,
      o.address,
      o.delivery_method,
      o.delivery_price,
      o.items_sum,
      o.promo_code,
      o.promo_discount,
      o.bonus_spent,
      o.total,
      o.comment,
      o.visitor_key,
      o.client_address,
      o.hold_minutes,
      o.payment_method,
      o.fitting,
      o.carrier,
      o.carrier_tariff,
      o.pickup_point && JSON.stringify(o.pickup_point),
    ],
  );
  return row;
}

/** The gift card money the order took, on the order. */
export async function addGiftCardAmount(tx: Queryable, orderId: number, cardId: number, amount: number): Promise<void> {
  await tx.query('update orders set gift_card_id = $2, gift_card_amount = gift_card_amount + $3 where id = $1', [orderId, cardId, amount]);
}

/** Takes `amount` from the gift card for the order: the payment recorded, the balance lowered; answers what is left. */
export async function chargeCard(tx: Queryable, cardId: number, orderId: number, amount: number): Promise<number> {
  await tx.query('insert into gift_card_payments (gift_card_id, order_id, amount) values ($1, $2, $3)', [cardId, orderId, amount]);
  const [row] = await tx.query<{ balance: number }>('update gift_cards set balance = balance - $2 where id = $1 returning balance', [
    cardId,
    amount,
  ]);
  return row.balance;
}

/** A gift card issued for a certificate the order bought. */
export async function issueCard(
  tx: Queryable,
  c: { code: string; certificateId: number; amount: number; orderId: number; expiresAt: Date },
): Promise<void> {
  await tx.query(`insert into gift_cards (code, certificate_id, initial, balance, expires_at, order_id) values ($1, $2, $3, $3, $4, $5)`, [
    c.code,
    c.certificateId,
    c.amount,
    c.expiresAt,
    c.orderId,
  ]);
}

/** The manager's note on the order (the buyer never sees it); false when there is no such order. */
export async function setManagerNote(db: Queryable, orderId: number, note: string): Promise<boolean> {
  const rows = await db.query('update orders set manager_note = $2 where id = $1 returning id', [orderId, note]);
  return rows.length > 0;
}

/** Marks the (locked) order's buyer reminded; false when someone else did first. */
export async function markReminded(tx: Queryable, orderId: number): Promise<boolean> {
  const rows = await tx.query('update orders set hold_reminded_at = now() where id = $1 and hold_reminded_at is null returning 1', [
    orderId,
  ]);
  return rows.length > 0;
}

/** Marks the orders taken in the state they were sent in (an order changed since goes again). */
export async function markTaken(db: Queryable, sent: readonly { id: number; state: string }[]): Promise<number> {
  if (!sent.length) return 0;
  const rows = await db.query(
    `update orders o set exchanged_state = x.state from unnest($1::int[], $2::text[]) as x(id, state)
      where o.id = x.id returning o.id`,
    [sent.map((s) => s.id), sent.map((s) => s.state)],
  );
  return rows.length;
}

/** The accounting system's own number of the order (1C's «Номер по 1С»). */
export async function setAccountingNumber(tx: Queryable, orderId: number, number: string): Promise<void> {
  await tx.query('update orders set accounting_number = $2 where id = $1', [orderId, number]);
}

/** The state the accounting system knows the order in (it made the change itself): the order goes out again only when it changes later. */
export async function markExchanged(tx: Queryable, orderId: number, state: string): Promise<void> {
  await tx.query('update orders set exchanged_state = $2 where id = $1', [orderId, state]);
}
