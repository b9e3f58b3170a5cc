// One order as the manager's desk shows it (GET /api/manage/orders/:id): its lines, buyer, delivery with the
// tracking number, money (promo code, points, gift card, what is due), payments, refunds and the closing receipt, the timeline of
// every change with who made it, the manager's note, and the actions the lifecycle allows from its status now.
import type { DeskOrder } from '../../common/contract/manage.ts';
import type { Queryable } from '../db/public.ts';
import { shipmentOf } from '../carrier/public.ts';
import {
  METHOD_NAMES,
  iso,
  deskExtras,
  orderById,
  orderItems,
  orderPayments,
  orderClosingReceipt,
  orderRefunds,
  orderTimeline,
} from '../orders/public.ts';
import { amountDue } from '../../common/order-rules.ts';
import { canMove, namedStatuses, type OrderStatus, orderStatusName } from '../../common/order-status.ts';
import { MANAGER_MOVES, type ManagerMove } from '../../common/manager-moves.ts';

/** Who made a change, as the timeline says it. */
const ACTOR_NAMES: Record<string, string> = {
  shopper: 'Покупатель',
  system: 'Магазин',
  manager: 'Менеджер',
  accounting: 'Учётная система',
  carrier: 'Служба доставки',
};

export async function deskOrder(db: Queryable, id: number): Promise<DeskOrder | null> {
  const o = await orderById(db, id);
  if (!o) return null;
  const [extras, items, payments, refunds, closing, timeline, shipment] = await Promise.all([
    deskExtras(db, id),
    orderItems(db, id),
    orderPayments(db, id),
    orderRefunds(db, id),
    orderClosingReceipt(db, id),
    orderTimeline(db, id),
    shipmentOf(db, id),
  ]);
  return {
    id: o.id,
    guid: o.guid,
    number: o.number,
    accounting_number: extras.accounting_number,
    created_at: iso(o.created_at),
    ...namedStatuses(o),
    buyer: { fio: o.buyer_fio, phone: o.buyer_phone, email: o.buyer_email, user_id: o.user_id },
    delivery: {
      method: o.delivery_method,
      method_name: METHOD_NAMES[o.delivery_method as keyof typeof METHOD_NAMES] ?? o.delivery_method,
      city: o.city_name,
      address: o.address,
      price: o.delivery_price,
      tracking_number: o.tracking_number,
      fitting: o.fitting,
    },
    lines: items.map((i) => ({
      ext_id: i.ext_id,
      name: i.name,
      brand: i.brand,
      size: i.size,
      color: i.color,
      image: i.image,
      price: i.price,
      quantity: i.quantity,
      certificate: i.gift_certificate_id !== null,
      returned: i.returned,
    })),
    money: {
      items_sum: o.items_sum,
      promo_code: o.promo_code,
      promo_discount: o.promo_discount,
      bonus_spent: o.bonus_spent,
      total: o.total,
      gift_card_amount: o.gift_card_amount,
      due: amountDue(o),
    },
    payments: payments.map((p) => ({ ...p, created_at: iso(p.created_at) })),
    refunds: refunds.map((r) => ({ ...r, created_at: iso(r.created_at) })),
    pickup_point: o.pickup_point && { code: o.pickup_point.code, name: o.pickup_point.name, address: o.pickup_point.address },
    shipment: shipment && {
      carrier: 'СДЭК',
      registered: shipment.status === 'registered',
      withdrawn: shipment.status === 'withdrawn',
      number: shipment.carrier_number,
      carrier_status: shipment.carrier_status,
      attempts: shipment.attempts,
      last_error: shipment.last_error,
    },
    closing_receipt: closing && { ...closing, created_at: iso(closing.created_at) },
    timeline: timeline.map((t) => ({
      status: t.status as OrderStatus,
      status_name: orderStatusName(t.status),
      from_status: t.from_status,
      who: t.actor === 'manager' && t.email ? t.email : (ACTOR_NAMES[t.actor] ?? t.actor),
      comment: t.comment,
      created_at: iso(t.created_at),
    })),
    note: extras.note,
    actions: MANAGER_MOVES.filter((m: ManagerMove) => canMove(o, m)),
  };
}
