// Delivery behind a small interface (docs/architecture.md): a provider quotes the methods it serves to a city for an
// order sum, up to what order total each takes payment on receipt there, and whether it offers fitting at the
// door (up to how many goods). The built-in provider reads the tariff table by the region's zone (free from a
// sum; paid on receipt up to a sum and fitting, where the owner allows them).
import type { Queryable } from '../db/public.ts';
import { cityPlace, zoneTariffs } from './geo-sql.ts';
import { plural } from '../../common/plural.ts';

export type DeliveryMethod = 'courier' | 'pickup';

export interface DeliveryQuote {
  method: DeliveryMethod;
  name: string;
  price: number;
  days_min: number;
  days_max: number;
  /** The largest order total this method takes payment on receipt for here; null: it does not. */
  pay_on_receipt_upto: number | null;
  /** The most goods (pieces) this method brings to try on at the door here; null: no fitting. */
  fitting_items_max: number | null;
  /**
   * The carrier that takes the parcel and its tariff (and, for a pickup point, the tariff to a parcel locker
   * instead, when it carries there), or null: the shop's own delivery by its tariff table.
   */
  carrier: { id: 'cdek'; tariff_code: number; locker_tariff_code: number | null } | null;
}

/** A line of goods to carry: its ext_id and how many (the parcel is packed from them). */
export interface GoodsLine {
  ext_id: string;
  quantity: number;
}

/** A pickup point or parcel locker a carrier hands parcels out at, as the buyer chooses it. */
export interface PickupPoint {
  code: string;
  name: string;
  /** 'PVZ' a pickup point, 'POSTAMAT' a parcel locker. */
  type: string;
  address: string;
  metro: string;
  work_time: string;
  latitude: number;
  longitude: number;
  /** Whether the point takes payment on receipt. */
  cash_on_delivery: boolean;
  /** Whether the point has a fitting room. */
  fitting_room: boolean;
}

export interface DeliveryProvider {
  readonly id: string;
  /** The methods served to the city for this goods sum (and these goods, to pack); null when the city is unknown. */
  quote(db: Queryable, cityId: number, sum: number, goods?: readonly GoodsLine[]): Promise<DeliveryQuote[] | null>;
  /** The city's pickup points the buyer chooses from; null when this delivery names none (the tariff table's). */
  pickupPoints(db: Queryable, cityId: number): Promise<PickupPoint[] | null>;
}

export const METHOD_NAMES: Record<DeliveryMethod, string> = {
  courier: 'Курьером до двери',
  pickup: 'В пункт выдачи',
};

export const DELIVERY_MESSAGES = {
  unknownCity: 'Город не найден',
  noMethod: 'Этим способом в выбранный город не доставляем',
  noPayOnReceipt: 'Оплата при получении недоступна для этого способа доставки в выбранный город',
  payOnReceiptUpto: (upto: string) => `Оплата при получении доступна для заказов до ${upto}`,
  certificateOnline: 'Подарочный сертификат оплачивается только на сайте: оформите его отдельным заказом или оплатите заказ картой',
  noFitting: 'Примерка недоступна для этого способа доставки в выбранный город',
  pointNeeded: 'Выберите пункт выдачи из списка',
  pointUnknown: 'Такого пункта выдачи в выбранном городе нет: выберите пункт из списка',
  pointNoCash: 'В этом пункте выдачи нельзя оплатить при получении: выберите другой пункт или оплату картой',
  noLocker: 'В этот постамат СДЭК такой заказ не возит: выберите пункт выдачи',
  fittingItems: (max: number) => `На примерку можно заказать не больше ${max} ${plural(max, ['вещи', 'вещей', 'вещей'])}`,
} as const;

/** A basket's goods sum and its lines' sum with gift certificates (server/basket lineSums). */
export interface BasketSums {
  items: number;
  goods: number;
}

/**
 * What each method costs for a basket whose sums are `basket` (`sum` for the free-delivery threshold): the
 * provider's quote, except that a basket of gift certificates alone is charged nothing, for no parcel travels
 * (each card is mailed to the buyer when the order is paid, order-paid.ts), and that a basket with a gift
 * certificate is not paid on receipt (its card is mailed once paid: nothing would be handed over to pay at).
 */
export async function quoteBasket(
  provider: DeliveryProvider,
  db: Queryable,
  cityId: number,
  sum: number,
  basket: BasketSums,
  goods?: readonly GoodsLine[],
): Promise<DeliveryQuote[] | null> {
  const quotes = await provider.quote(db, cityId, sum, goods);
  if (!quotes) return null;
  const certificates = basket.items > basket.goods;
  const certificatesOnly = basket.items > 0 && basket.goods === 0;
  return quotes.map((q) => ({
    ...q,
    price: certificatesOnly ? 0 : q.price,
    pay_on_receipt_upto: certificates ? null : q.pay_on_receipt_upto,
  }));
}

/** The tariff table's delivery; a method with fitting brings up to `fittingItemsMax` goods to try on. */
export const tariffTableDelivery = (fittingItemsMax: number): DeliveryProvider => ({
  id: 'tariffs',
  async quote(db, cityId, sum) {
    const place = await cityPlace(db, cityId);
    if (!place) return null;
    const tariffs = await zoneTariffs(db, place.zone);
    return tariffs.map((t) => ({
      method: t.method,
      name: METHOD_NAMES[t.method],
      price: t.free_from !== null && sum >= t.free_from ? 0 : t.price,
      days_min: t.days_min,
      days_max: t.days_max,
      pay_on_receipt_upto: t.pay_on_receipt_upto,
      fitting_items_max: t.fitting ? fittingItemsMax : null,
      carrier: null,
    }));
  },
  async pickupPoints() {
    return null;
  },
});
