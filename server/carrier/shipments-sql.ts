// SQL of the shipments registered with the carrier (table shipments, migration 027: written here alone): a row
// for each carrier order being assembled, claimed by one pass at a time (FOR UPDATE SKIP LOCKED and a claim's
// deadline, so two processes never register one twice), CDEK's uuid kept the moment it answers, then its
// number; the last failure for the desk; the registered ones whose statuses are read again.
import type { Queryable } from '../db/public.ts';
import { ORDER, WITH_CARRIER_STATUSES } from '../../common/order-status.ts';

export interface ShipmentRow {
  id: number;
  order_id: number;
  status: 'pending' | 'registered' | 'withdrawn';
  carrier_uuid: string | null;
  carrier_number: string | null;
  carrier_status: string | null;
  ware_keys: Record<string, string> | null;
  attempts: number;
  last_error: string | null;
  created_at: Date | string;
  registered_at: Date | string | null;
}

const COLUMNS = `id, order_id, status, carrier_uuid, carrier_number, carrier_status, ware_keys, attempts, last_error, created_at,
  registered_at`;

/** A pending shipment for each order a carrier takes that is being assembled and has none yet. */
export async function addPendingShipments(db: Queryable): Promise<void> {
  await db.query(
    `insert into shipments (order_id, carrier)
     select o.id, o.carrier from orders o
      where o.carrier is not null and o.status = $1
        and not exists (select 1 from shipments s where s.order_id = o.id)
     on conflict (order_id) do nothing`,
    [ORDER.assembling],
  );
}

/**
 * Claims up to `limit` pending shipments of orders still being assembled (or the one of `orderId`) for `seconds`,
 * skipping those claimed by another pass: one cancelled or shipped by hand meanwhile is never registered.
 */
export function claimPending(db: Queryable, limit: number, seconds: number, orderId?: number): Promise<ShipmentRow[]> {
  return db.query<ShipmentRow>(
    `update shipments set claimed_until = now() + make_interval(secs => $2), attempts = attempts + 1
      where id in (select s.id from shipments s join orders o on o.id = s.order_id
                    where s.status = 'pending' and (s.claimed_until is null or s.claimed_until < now())
                      and o.status = $4 and ($3::int is null or s.order_id = $3)
                    order by s.id limit $1 for update of s skip locked)
      returning ${COLUMNS}`,
    [limit, seconds, orderId ?? null, ORDER.assembling],
  );
}

/** CDEK answered the registration: its uuid, and the order's ware keys. */
export async function keepCarrierUuid(db: Queryable, id: number, uuid: string, wareKeys: Record<string, string>): Promise<void> {
  await db.query('update shipments set carrier_uuid = $2, ware_keys = $3::jsonb where id = $1', [id, uuid, JSON.stringify(wareKeys)]);
}

/** CDEK took the order: its number (the tracking number). */
export async function markRegistered(db: Queryable, id: number, number: string): Promise<void> {
  await db.query(
    `update shipments set status = 'registered', carrier_number = $2, registered_at = now(), last_error = null, claimed_until = null
      where id = $1`,
    [id, number],
  );
}

/** The registration did not go through (yet): why, for the desk; the claim released for the next pass. */
export async function releaseShipment(db: Queryable, id: number, error: string | null, forgetUuid = false): Promise<void> {
  await db.query(
    `update shipments set last_error = $2, claimed_until = null, carrier_uuid = case when $3 then null else carrier_uuid end
      where id = $1`,
    [id, error, forgetUuid],
  );
}

export async function shipmentOf(db: Queryable, orderId: number): Promise<ShipmentRow | null> {
  const [row] = await db.query<ShipmentRow>(`select ${COLUMNS} from shipments where order_id = $1`, [orderId]);
  return row ?? null;
}

export async function shipmentByUuid(db: Queryable, uuid: string): Promise<ShipmentRow | null> {
  const [row] = await db.query<ShipmentRow>(`select ${COLUMNS} from shipments where carrier_uuid = $1`, [uuid]);
  return row ?? null;
}

/** Shipments CDEK holds (or may hold: a uuid kept) of orders the shop has cancelled: to withdraw from CDEK. */
export function shipmentsToWithdraw(db: Queryable, limit: number, orderId?: number): Promise<ShipmentRow[]> {
  return db.query<ShipmentRow>(
    `select ${COLUMNS.split(',')
      .map((c) => `s.${c.trim()}`)
      .join(', ')} from shipments s join orders o on o.id = s.order_id
      where s.status <> 'withdrawn' and s.carrier_uuid is not null and o.status = $2 and ($3::int is null or s.order_id = $3)
      order by s.id limit $1`,
    [limit, ORDER.cancelled, orderId ?? null],
  );
}

/** CDEK has withdrawn the shipment of a cancelled order. */
export async function markWithdrawn(db: Queryable, id: number): Promise<void> {
  await db.query(`update shipments set status = 'withdrawn', last_error = null, claimed_until = null where id = $1`, [id]);
}

/** Registered shipments of orders not ended, least recently read first: their statuses are read again. */
export function shipmentsToCheck(db: Queryable, limit: number, olderThanSeconds: number): Promise<ShipmentRow[]> {
  return db.query<ShipmentRow>(
    `select ${COLUMNS.split(',')
      .map((c) => `s.${c.trim()}`)
      .join(', ')} from shipments s join orders o on o.id = s.order_id
      where s.status = 'registered' and o.status = any($3::text[])
        and (s.checked_at is null or s.checked_at < now() - make_interval(secs => $2))
      order by s.checked_at nulls first limit $1`,
    [limit, olderThanSeconds, WITH_CARRIER_STATUSES],
  );
}

/** The status CDEK reported last, and when it was read. */
export async function markChecked(db: Queryable, id: number, status: string | null): Promise<void> {
  await db.query('update shipments set carrier_status = coalesce($2, carrier_status), checked_at = now() where id = $1', [id, status]);
}
