// Turns the events the catalogue and order triggers raised (migration 013) into messages in the outbox, one
// per device that wants it: the devices watching the product (in the chosen size, for stock) or the buyer's
// devices, without the kinds each turned off. Events are taken and their messages written in one
// transaction, so a crash loses or doubles none; several servers share the queue (skip locked).
import type { Db, Queryable } from '../db/public.ts';
import { orderPath } from '../../common/order-paths.ts';
import { backInStock, orderStatus, paymentReminder, priceDrop, type OutgoingMessage } from './messages.ts';
import { buyerDevicesOf, insertPushes, orderNotice, productNotice, takeEvents, watchersOf, type PushEvent } from './push-sql.ts';

const EVENTS_PER_PASS = 200;

async function messageFor(tx: Queryable, e: PushEvent): Promise<{ out: OutgoingMessage; devices: number[] } | null> {
  if (e.kind === 'back_in_stock' || e.kind === 'price_drop') {
    const offer = await productNotice(tx, e.product_id!);
    if (!offer) return null;
    const out = e.kind === 'back_in_stock' ? backInStock(offer, e.size) : priceDrop(offer, e.old_price!, e.new_price!);
    return { out, devices: await watchersOf(tx, e.kind, offer.id, e.kind === 'back_in_stock' ? e.ext_id : null) };
  }
  const order = await orderNotice(tx, e.order_id!);
  if (!order) return null;
  const out =
    e.kind === 'order_status' ? orderStatus(order, e.status!, orderPath(order.guid)) : paymentReminder(order, orderPath(order.guid));
  return out && { out, devices: await buyerDevicesOf(tx, e.kind, e.order_id!) };
}

/** One pass: the waiting events become messages; how many messages were queued. */
export async function fanOutEvents(db: Db): Promise<number> {
  return db.transaction(async (tx) => {
    let queued = 0;
    for (const event of await takeEvents(tx, EVENTS_PER_PASS)) {
      const found = await messageFor(tx, event);
      if (!found || !found.devices.length) continue;
      const { message, ttlSeconds, urgency, topic } = found.out;
      await insertPushes(tx, found.devices, { kind: message.kind, payload: JSON.stringify(message), ttlSeconds, urgency, topic });
      queued += found.devices.length;
    }
    return queued;
  });
}
