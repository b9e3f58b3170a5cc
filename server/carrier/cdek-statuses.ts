// What CDEK's statuses of a parcel do to the shop's order, as the carrier (order_status_history.actor
// 'carrier'), through the order's lifecycle, in the caller's transaction on the locked order: handed in at
// CDEK's office (or further on its way) ships it, with CDEK's number as the tracking number; at the pickup point
// or in the locker it is ready for pickup; delivered it is received (paid, when paid on receipt; with fitting and
// a partial delivery, what the buyer kept is each item's delivery_amount, the rest a return at the door); not
// delivered, its goods come back and it is returned. Each step once: the lifecycle refuses a move the order has
// made. CDEK's own reading of the order (GET /v2/orders) is what moves it, never the webhook's body alone.
import type { Queryable } from '../db/public.ts';
import { advance, handOver, orderById, returnGoods, type Actor, type OrderRow } from '../orders/public.ts';
import { canMove, ORDER } from '../../common/order-status.ts';
import type { CdekOrder } from './cdek-api.ts';

export const CARRIER: Actor = { kind: 'carrier', id: null };

export const CARRIER_MESSAGES = {
  notDelivered: 'СДЭК: заказ не вручен, посылка возвращается в магазин',
} as const;

/** CDEK's codes of a parcel not yet handed in, or cancelled: they move nothing. */
const NOT_HANDED = new Set(['ACCEPTED', 'CREATED', 'REMOVED', 'INVALID']);
/** At the pickup point, or in the parcel locker. */
const AT_POINT = new Set(['ACCEPTED_AT_PICK_UP_POINT', 'POSTOMAT_POSTED']);
/** DELIVERED's reason code of a partial delivery (CDEK's appendix 2). */
const PARTIAL = '20';

/** The units of each order line the buyer kept, by the ware keys the order was registered with. */
function keptOf(held: CdekOrder, wareKeys: Record<string, string>): Map<string, number> {
  const kept = new Map<string, number>();
  for (const item of held.packages?.flatMap((p) => p.items ?? []) ?? []) {
    const ext = wareKeys[item.ware_key];
    if (ext) kept.set(ext, (kept.get(ext) ?? 0) + (item.delivery_amount ?? item.amount));
  }
  return kept;
}

export async function applyCarrierStatuses(
  tx: Queryable,
  order: OrderRow,
  held: CdekOrder,
  shipment: { carrier_number: string | null; ware_keys: Record<string, string> | null },
  publicUrl: string,
): Promise<void> {
  const codes = new Set(held.statuses.map((s) => s.code));
  const handed = [...codes].some((c) => !NOT_HANDED.has(c));
  let o = order;
  const reload = async () => (o = (await orderById(tx, o.id, true))!);
  if (handed && canMove(o, ORDER.shipped)) {
    await advance(tx, o, ORDER.shipped, CARRIER, '', publicUrl, shipment.carrier_number ?? '');
    await reload();
  }
  const delivered = held.statuses.find((s) => s.code === 'DELIVERED');
  if (delivered) {
    if (!canMove(o, ORDER.received)) return;
    const kept = keptOf(held, shipment.ware_keys ?? {});
    const partial = delivered.reason_code === PARTIAL;
    if (o.fitting && partial) return handOver(tx, o, kept, CARRIER, 'Частичная доставка: покупатель оставил не всё', publicUrl);
    return advance(tx, o, ORDER.received, CARRIER, '', publicUrl);
  }
  if (codes.has('NOT_DELIVERED')) {
    if (canMove(o, ORDER.returned)) await returnGoods(tx, o, CARRIER, CARRIER_MESSAGES.notDelivered, publicUrl);
    return;
  }
  if ([...codes].some((c) => AT_POINT.has(c)) && canMove(o, ORDER.ready_for_pickup)) {
    await advance(tx, o, ORDER.ready_for_pickup, CARRIER, '', publicUrl);
  }
}
