// An order of the shop as CDEK's order (POST /v2/orders, type 1 «интернет-магазин»): handed in at the shop's
// office (shipment_point), to the buyer's pickup point or locker (delivery_point) or door (to_location), the
// recipient, one package of the goods packed (parcel.ts), and each goods position of the sale with what it cost
// (cost, the declared value) and what CDEK collects at the door (payment: the order's due spread over its
// positions as the fiscal receipt spreads it; 0 for an order paid ahead) with its VAT, and the delivery it
// collects (delivery_recipient_cost). CDEK's cash register issues the buyer's receipt from these positions when
// it takes the money (docs/money.md). Each position's ware_key is its number in the sale (CDEK allows 20
// characters, an accounting system's ids are longer); `wareKeys` maps them back to the order's lines. Pure.
import type { CdekConfig, Parcel, VatRate } from '../config.ts';
import { saleReceipt, type OrderRow, type Receipt } from '../orders/public.ts';
import { amountDue } from '../../common/order-rules.ts';
import { paysAtHandOver } from '../../common/order-status.ts';
import type { CdekMoney, CdekOrderRequest } from './cdek-api.ts';

type Items = Parameters<typeof saleReceipt>[1];

/** CDEK's vat_rate of the shop's VAT_RATE (none: no VAT, sent as no rate). */
const cdekVat = (vat: VatRate): number | undefined => (vat === 'none' ? undefined : Number(vat));

/** A sum with its VAT as CDEK's MoneyDto asks (vat_sum to the kopeck, included in the sum). */
export function money(value: number, vat: VatRate): CdekMoney {
  const rate = cdekVat(vat);
  if (rate === undefined) return { value };
  return { value, vat_rate: rate, vat_sum: Math.round((value * rate * 100) / (100 + rate)) / 100 };
}

export interface CdekOrderPlan {
  request: CdekOrderRequest;
  wareKeys: Record<string, string>;
}

export function cdekOrderOf(
  order: OrderRow,
  items: Items,
  parcel: Parcel,
  tariffCode: number,
  toCityCode: number,
  config: CdekConfig,
  vat: VatRate,
): CdekOrderPlan {
  const collect = paysAtHandOver(order) ? amountDue(order) : 0;
  // What the door collects, position by position; what each position is worth, for its declared value.
  const atDoor: Receipt | null = collect > 0 ? saleReceipt(order, items, vat, collect * 100) : null;
  const worth = saleReceipt(order, items, vat, order.total * 100);
  const wareKeys: Record<string, string> = {};
  const goods = worth.lines.filter((l) => l.kind === 'commodity');
  const weightEach = Math.max(
    1,
    Math.floor(
      parcel.weight /
        Math.max(
          1,
          goods.reduce((n, l) => n + l.quantity, 0),
        ),
    ),
  );
  const cdekItems = goods.map((l) => {
    const key = String(l.position);
    wareKeys[key] = l.line;
    const door = atDoor?.lines.find((d) => d.code === l.code);
    return {
      name: l.name.slice(0, 255),
      ware_key: key,
      payment: money(door ? door.price / 100 : 0, vat),
      cost: l.price / 100,
      weight: weightEach,
      amount: l.quantity,
    };
  });
  const deliveryAtDoor = atDoor?.lines.find((l) => l.kind === 'service');
  const phone = `+7${order.buyer_phone.replace(/\D/g, '').slice(-10)}`;
  const point = order.pickup_point;
  return {
    wareKeys,
    request: {
      type: 1,
      number: order.number,
      tariff_code: tariffCode,
      ...(order.fitting
        ? {
            comment: 'Примерка перед покупкой: покупатель оплачивает только то, что оставил',
            services: [{ code: 'TRYING_ON' }, { code: 'PART_DELIV' }],
          }
        : {}),
      shipment_point: config.shipmentPoint,
      ...(point ? { delivery_point: point.code } : { to_location: { code: toCityCode, address: order.address } }),
      recipient: { name: order.buyer_fio.replace(/\//g, ' '), email: order.buyer_email, phones: [{ number: phone }] },
      ...(collect > 0 ? { delivery_recipient_cost: money(deliveryAtDoor ? deliveryAtDoor.price / 100 : 0, vat) } : {}),
      packages: [{ number: '1', ...parcel, items: cdekItems }],
    },
  };
}
