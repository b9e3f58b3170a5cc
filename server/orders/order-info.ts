// The order as the confirmation page reads it (POST /v1/get_order_info/): its lines (items_json), sums,
// what is left to pay, how (online or on receipt) and until when, the delivery place and the status history.
import type { OrderInfo } from '../../common/contract/orders.ts';
import type { Queryable } from '../db/public.ts';
import { orderHistory, orderItems, type OrderRow } from './orders-sql.ts';
import { amountDue } from '../../common/order-rules.ts';
import { awaitsPayment, namedStatuses, type OrderStatus, orderStatusName } from '../../common/order-status.ts';

/** A timestamp as the API answers it. */
export const iso = (d: Date | string) => new Date(d).toISOString();

export async function orderInfo(db: Queryable, o: OrderRow): Promise<OrderInfo> {
  const [items, history] = await Promise.all([orderItems(db, o.id), orderHistory(db, o.id)]);
  return {
    guid: o.guid,
    number: o.number,
    ...namedStatuses(o),
    created_at: iso(o.created_at),
    items_json: items.map(({ name, brand, size, color, image, price, quantity }) => ({ name, brand, size, color, image, price, quantity })),
    items_sum: o.items_sum,
    delivery_method: o.delivery_method,
    delivery_price: o.delivery_price,
    discount: o.promo_discount + o.bonus_spent,
    promo_discount: o.promo_discount,
    bonus_spent: o.bonus_spent,
    total: o.total,
    gift_card_amount: o.gift_card_amount,
    due: amountDue(o),
    fitting: o.fitting,
    pickup_point: o.pickup_point && { code: o.pickup_point.code, name: o.pickup_point.name, address: o.pickup_point.address },
    city: o.city_name,
    address: o.address,
    tracking_number: o.tracking_number,
    history: history.map((h) => ({
      status: h.status as OrderStatus,
      status_name: orderStatusName(h.status),
      created_at: iso(h.created_at),
    })),
    pay_until: awaitsPayment(o) ? iso(o.hold_until) : null,
  };
}
