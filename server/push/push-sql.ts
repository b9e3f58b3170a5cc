// SQL of Web Push: devices' subscriptions and the favourites they watch, the events the catalogue and order
// triggers raise (migration 013), and the outbox of messages with its claims and retries, like mail_outbox.
import type { PushKind, PushWatch } from '../../common/contract/push.ts';
import type { Queryable } from '../db/public.ts';
import { LIVE_TOKEN } from '../sessions/public.ts';
import { PRODUCT_PATH_SQL } from '../catalog/public.ts';
import type { Offer } from '../../common/contract/catalog.ts';

export type ProductNotice = Pick<Offer, 'id' | 'name' | 'full_path_offer'>;

export interface DeviceSubscription {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** The browser's visitor key, and the account signed in on it with that sign-in's token (none: a visitor). */
export interface DeviceOwner {
  visitorKey: string;
  account: { userId: number; token: string } | null;
}

/** Makes or renews the device's subscription for this visitor (and account), and sets what it watches. */
export async function saveSubscription(
  tx: Queryable,
  device: DeviceSubscription,
  owner: DeviceOwner,
  watches: readonly PushWatch[],
): Promise<{ id: number; kinds_off: PushKind[] }> {
  const [row] = await tx.query<{ id: number; kinds_off: PushKind[] }>(
    `insert into push_subscriptions (endpoint, p256dh, auth, visitor_key, user_id, session_token) values ($1, $2, $3, $4, $5, $6)
     on conflict (endpoint) do update set p256dh = excluded.p256dh, auth = excluded.auth, visitor_key = excluded.visitor_key,
       user_id = excluded.user_id, session_token = excluded.session_token, updated_at = now()
     returning id, kinds_off`,
    [device.endpoint, device.p256dh, device.auth, owner.visitorKey, owner.account?.userId ?? null, owner.account?.token ?? null],
  );
  await tx.query('delete from push_watches where subscription_id = $1', [row.id]);
  if (watches.length) {
    await tx.query(
      `insert into push_watches (subscription_id, product_id, ext_ids)
       select $1, w.product_id, array(select jsonb_array_elements_text(w.ext_ids))
         from jsonb_to_recordset($2::jsonb) as w(product_id integer, ext_ids jsonb)
       on conflict do nothing`,
      [row.id, JSON.stringify(watches.map((w) => ({ product_id: w.offer_id, ext_ids: w.ext_ids })))],
    );
  }
  return row;
}

/** Sets the kinds a device (named by its endpoint, held by this browser's visitor key) turned off; null when none is. */
export async function setKindsOff(db: Queryable, endpoint: string, visitorKey: string | null, kindsOff: readonly PushKind[]) {
  const [row] = await db.query<{ kinds_off: PushKind[] }>(
    'update push_subscriptions set kinds_off = $2, updated_at = now() where endpoint = $1 and visitor_key = $3 returning kinds_off',
    [endpoint, [...new Set(kindsOff)], visitorKey],
  );
  return row?.kinds_off ?? null;
}

export async function deleteSubscription(db: Queryable, endpoint: string, visitorKey: string | null): Promise<void> {
  await db.query('delete from push_subscriptions where endpoint = $1 and visitor_key = $2', [endpoint, visitorKey]);
}

/** At sign-in: the visitor's devices get the account's notifications (its orders) while this sign-in lasts. */
export async function joinAccount(tx: Queryable, visitorKey: string, userId: number, token: string): Promise<void> {
  await tx.query('update push_subscriptions set user_id = $2, session_token = $3 where visitor_key = $1', [visitorKey, userId, token]);
}

export interface PushEvent {
  id: number;
  kind: PushKind;
  product_id: number | null;
  ext_id: string | null;
  size: string | null;
  old_price: number | null;
  new_price: number | null;
  order_id: number | null;
  status: string | null;
}

/** Takes up to `limit` events off the queue (deleted in the caller's transaction; others skip the locked). */
export function takeEvents(tx: Queryable, limit: number): Promise<PushEvent[]> {
  return tx.query<PushEvent>(
    `delete from push_events where id in (select id from push_events order by id limit $1 for update skip locked)
     returning id, kind, product_id, ext_id, size, old_price, new_price, order_id, status`,
    [limit],
  );
}

/** The devices watching a product (for a variant: those that chose it, or no variant at all) with the kind on. */
export async function watchersOf(tx: Queryable, kind: PushKind, productId: number, extId: string | null): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(
    `select s.id from push_watches w join push_subscriptions s on s.id = w.subscription_id
      where w.product_id = $1 and not ($2 = any(s.kinds_off))
        and ($3::text is null or cardinality(w.ext_ids) = 0 or $3 = any(w.ext_ids))`,
    [productId, kind, extId],
  );
  return rows.map((r) => r.id);
}

/**
 * The devices of an order's buyer with the kind on: the visitor's who placed it, and those where its account is
 * signed in, while that sign-in lasts (a logout, "sign out elsewhere", a new password or its end stops them).
 */
export async function buyerDevicesOf(tx: Queryable, kind: PushKind, orderId: number): Promise<number[]> {
  const rows = await tx.query<{ id: number }>(
    `select s.id from orders o join push_subscriptions s
          on s.visitor_key = o.visitor_key
          or (s.user_id = o.user_id and exists (select 1 from auth_tokens t where t.key = s.session_token and ${LIVE_TOKEN('t')}))
      where o.id = $1 and not ($2 = any(s.kinds_off))`,
    [orderId, kind],
  );
  return rows.map((r) => r.id);
}

/**
 * An order's news for its buyer's devices, under the notice's status (BUYER_NOTICES), written by the order's
 * lifecycle in its transaction beside the mail; nothing when no device of the buyer's is subscribed.
 */
export async function enqueueOrderNotice(tx: Queryable, orderId: number, notice: string): Promise<void> {
  await tx.query(
    `insert into push_events (kind, order_id, status)
     select 'order_status', o.id, $2 from orders o
      where o.id = $1 and exists (select 1 from push_subscriptions s where s.user_id = o.user_id or s.visitor_key = o.visitor_key)`,
    [orderId, notice],
  );
}

/** What a notification about a product names: the product and its page. */
export async function productNotice(tx: Queryable, productId: number): Promise<ProductNotice | null> {
  const [row] = await tx.query<ProductNotice>(
    `select p.id, p.name, ${PRODUCT_PATH_SQL} as full_path_offer from products p join categories c on c.id = p.category_id where p.id = $1`,
    [productId],
  );
  return row ?? null;
}

/** What a notification about an order says, and of it: its number, its buyer's account, its deadline, and what is paid at the door. */
export interface OrderNotice {
  number: string;
  user_id: number | null;
  guid: string;
  hold_until: Date | string;
  status: string;
  payment_status: string;
  payment_method: string;
  total: number;
  gift_card_amount: number;
  returned_unpaid: number;
}

export async function orderNotice(tx: Queryable, orderId: number): Promise<OrderNotice | null> {
  const [row] = await tx.query<OrderNotice>(
    `select number, user_id, guid, hold_until, status, payment_status, payment_method, total, gift_card_amount, returned_unpaid
       from orders where id = $1`,
    [orderId],
  );
  return row ?? null;
}

export interface OutgoingPush {
  id: number;
  subscription_id: number;
  payload: string;
  ttl_seconds: number;
  urgency: string;
  topic: string | null;
  attempts: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

export async function insertPushes(
  tx: Queryable,
  subscriptionIds: readonly number[],
  m: { kind: PushKind; payload: string; ttlSeconds: number; urgency: string; topic: string | null },
): Promise<void> {
  if (!subscriptionIds.length) return;
  await tx.query(
    `insert into push_outbox (subscription_id, kind, payload, ttl_seconds, urgency, topic)
     select id, $2, $3, $4, $5, $6 from unnest($1::int[]) as id`,
    [subscriptionIds, m.kind, m.payload, m.ttlSeconds, m.urgency, m.topic],
  );
}

/** Takes up to `limit` due messages for `leaseSeconds`; a claim not settled runs out and is tried again. */
export function claimPushes(db: Queryable, limit: number, leaseSeconds: number, maxAttempts: number): Promise<OutgoingPush[]> {
  return db.query<OutgoingPush>(
    `with claimed as (
       update push_outbox m set locked_until = now() + make_interval(secs => $2), attempts = m.attempts + 1
        where m.id in (select id from push_outbox
                        where sent_at is null and failed_at is null and next_try_at <= now() and attempts < $3
                          and (locked_until is null or locked_until < now())
                        order by next_try_at, id limit $1 for update skip locked)
        returning m.id, m.subscription_id, m.payload, m.ttl_seconds, m.urgency, m.topic, m.attempts)
     select c.*, s.endpoint, s.p256dh, s.auth from claimed c join push_subscriptions s on s.id = c.subscription_id order by c.id`,
    [limit, leaseSeconds, maxAttempts],
  );
}

export async function markPushSent(db: Queryable, id: number): Promise<void> {
  await db.query('update push_outbox set sent_at = now(), locked_until = null, last_error = null where id = $1', [id]);
}

/** A failed try: again after `retryInSeconds`, or never (failed_at) when that is null. */
export async function markPushFailed(db: Queryable, id: number, error: string, retryInSeconds: number | null): Promise<void> {
  await db.query(
    `update push_outbox set locked_until = null, last_error = $2,
       next_try_at = case when $3::int is null then next_try_at else now() + make_interval(secs => $3::int) end,
       failed_at = case when $3::int is null then now() else null end
     where id = $1`,
    [id, error.slice(0, 1000), retryInSeconds],
  );
}

/** The push service says the subscription is gone (404, 410): the device and its messages go. */
export async function dropSubscription(db: Queryable, id: number): Promise<void> {
  await db.query('delete from push_subscriptions where id = $1', [id]);
}

/** Messages sent, or given up on, more than `days` ago (housekeeping). */
export async function dropSettledPushes(db: Queryable, days: number): Promise<number> {
  const rows = await db.query(
    `delete from push_outbox where sent_at < now() - make_interval(days => $1) or failed_at < now() - make_interval(days => $1) returning 1`,
    [days],
  );
  return rows.length;
}

/** Messages still to be sent, now or after a retry's pause (not sent, not given up on): the outbox's depth, for /metrics. */
export async function pushOutboxDepth(db: Queryable): Promise<number> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from push_outbox where sent_at is null and failed_at is null');
  return row.n;
}
