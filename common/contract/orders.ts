// The contract of checkout (spec §7 orders and delivery): regions and cities, delivery, promo codes, gift
// certificates and cards, orders, their information and history, and payment.
import {
  array,
  assign,
  boolean,
  enums,
  integer,
  min,
  nullable,
  number,
  object,
  optional,
  record,
  size,
  string,
  type,
  type Infer,
} from 'superstruct';
import { email, id, jsonParam, ruled, text } from './base.ts';
import { CARD_CODE, FULL_NAME, PHONE } from '../input-rules.ts';
import { explained } from '../validate.ts';
import { ORDER_STATUS_CODES, PAYMENT_METHOD_CODES, PAYMENT_STATUS_CODES } from '../order-status.ts';

export const Region = type({ id: integer(), name: string() });
export const RegionList = array(Region);
export const City = type({ id: integer(), name: string(), region_id: integer(), region: string() });
export type City = Infer<typeof City>;
export const CityList = array(City);
export const RegionsQuery = object({ data: optional(jsonParam(object({ q: optional(size(string(), 0, 100)) }))) });
export const CitiesQuery = object({
  data: optional(jsonParam(object({ q: optional(size(string(), 0, 100)), region_id: optional(id()) }))),
});

export const DELIVERY_METHODS = ['courier', 'pickup'] as const;
export const DeliveryCalcRequest = object({ city_id: id(), method: optional(enums(DELIVERY_METHODS)), sum: optional(min(integer(), 0)) });
export const DeliveryOption = type({
  method: enums(DELIVERY_METHODS),
  name: string(),
  price: integer(),
  days_min: integer(),
  days_max: integer(),
  /** The largest order total this method takes payment on receipt for in the city; null: it does not. */
  pay_on_receipt_upto: nullable(integer()),
  /** The most goods (pieces) this method brings to try on at the door in the city; null: no fitting. */
  fitting_items_max: nullable(integer()),
  /** The carrier that takes the parcel ('cdek'), or null: the shop's own delivery; with one, a pickup point is chosen. */
  carrier: nullable(string()),
});
export const DeliveryCalcResponse = type({ options: array(DeliveryOption) });
export const CheckDeliveryRequest = object({ city_id: id() });
export const PickupPointsRequest = object({ city_id: id() });
/** A pickup point or parcel locker of the carrier, as the buyer chooses it (server/orders/delivery.ts PickupPoint). */
export const PickupPoint = type({
  code: string(),
  name: string(),
  type: string(),
  address: string(),
  metro: string(),
  work_time: string(),
  latitude: number(),
  longitude: number(),
  cash_on_delivery: boolean(),
  fitting_room: boolean(),
});
export type PickupPoint = Infer<typeof PickupPoint>;
export const PickupPointsResponse = type({ points: array(PickupPoint) });
export const CheckDeliveryResponse = type({ courier: boolean(), pickup: boolean() });

export const PromoCodeRequest = object({ code: text(1, 50), sum: optional(min(integer(), 0)) });
export const PromoCodeResponse = type({ code: string(), discount: integer(), message: string() });
export const CheckCardRequest = object({ code: ruled(CARD_CODE, 50) });
export const CheckCardResponse = type({ code: string(), balance: integer(), expires_at: string() });
export const GiftCardDataRequest = object({ ext_id: size(string(), 1, 100) });
export const GiftCertificate = type({
  slug: string(),
  ext_id: string(),
  name: string(),
  nominal: integer(),
  description: string(),
  image: string(),
});
export type GiftCertificate = Infer<typeof GiftCertificate>;
export const GiftCertificateList = array(GiftCertificate);
export const GiftCardDataResponse = type({ response: GiftCertificate });

export const Buyer = object({ fio: ruled(FULL_NAME, 200), email: email(), phone: ruled(PHONE, 30) });
export type Buyer = Infer<typeof Buyer>;
/** The most lines one order (and one basket) holds: more than any shopper buys at once, few enough to price at once. */
export const ORDER_ITEMS_MAX = 200;
export const ORDER_LINES_MESSAGE = `В заказе может быть не больше ${ORDER_ITEMS_MAX} позиций`;

export const OrderRequest = object({
  buyer: optional(Buyer),
  region_id: id(),
  city_id: id(),
  address: optional(text(0, 500)),
  address_id: optional(id()),
  delivery_method: enums(DELIVERY_METHODS),
  /** How the buyer pays (common/order-status.ts PAYMENT_METHODS); left out, online by card. */
  payment_method: optional(enums(PAYMENT_METHOD_CODES)),
  /** Fitting at the door: the courier waits while the buyer tries the goods on; they pay for what they keep. */
  fitting: optional(boolean()),
  /** The carrier's pickup point the parcel goes to (its code), when the pickup method's carrier lists them. */
  pickup_point: optional(text(1, 50)),
  promo_code: optional(text(0, 50)),
  gift_card: optional(text(0, 50)),
  bonus: optional(min(integer(), 0)),
  comment: optional(text(0, 1000)),
  /** v1 compatibility: a client that sends its own lines; prices in them are ignored. */
  items: optional(
    explained(
      array(object({ ext_id: size(string(), 1, 100), quantity: min(integer(), 1), price: optional(number()) })),
      (items) => items.length <= ORDER_ITEMS_MAX,
      ORDER_LINES_MESSAGE,
    ),
  ),
});
export type OrderRequest = Infer<typeof OrderRequest>;
/** total: the order's whole cost; due: what is left to pay after gift cards (0: paid). */
export const OrderCreated = type({ guid: string(), number: string(), total: integer(), due: integer() });
export const OrderLine = type({
  name: string(),
  brand: string(),
  size: string(),
  color: string(),
  image: string(),
  price: integer(),
  quantity: integer(),
});
/** A status as the buyer sees it: its code and its Russian name (common/order-status.ts). */
const statusOf = { status: enums(ORDER_STATUS_CODES), status_name: string() };
export const OrderStatus = type({ ...statusOf, created_at: string() });
export const OrderInfo = type({
  guid: string(),
  number: string(),
  ...statusOf,
  payment_status: enums(PAYMENT_STATUS_CODES),
  payment_status_name: string(),
  created_at: string(),
  items_json: array(OrderLine),
  items_sum: integer(),
  delivery_method: string(),
  delivery_price: integer(),
  /** promo_discount + bonus_spent */
  discount: integer(),
  promo_discount: integer(),
  bonus_spent: integer(),
  total: integer(),
  gift_card_amount: integer(),
  /** What is left to pay: total - gift_card_amount. */
  due: integer(),
  /** 'card' or 'on_receipt' (common/order-status.ts PAYMENT_METHODS), with its Russian name. */
  payment_method: enums(PAYMENT_METHOD_CODES),
  payment_method_name: string(),
  /** The buyer tries the goods on at the door and keeps (and pays for) what fits. */
  fitting: boolean(),
  /** The carrier's pickup point the parcel goes to; null for a courier or the shop's own delivery. */
  pickup_point: nullable(type({ code: string(), name: string(), address: string() })),
  city: string(),
  address: string(),
  /** The shipment's tracking number once the shop has sent it ('' before). */
  tracking_number: string(),
  history: array(OrderStatus),
  /** Until when an unpaid order holds its goods (then it is cancelled); null once paid or cancelled. */
  pay_until: nullable(string()),
});
export type OrderInfo = Infer<typeof OrderInfo>;
export const OrderGuidRequest = object({ guid: size(string(), 1, 64) });
export const OrderInfoResponse = type({ order_info: OrderInfo });
export const OrderPreview = type({
  pk: integer(),
  number: string(),
  created_at: string(),
  ...statusOf,
  total: integer(),
  count: integer(),
});
export const OrderHistory = array(OrderPreview);
export const OrderDetailRequest = object({ pk: id() });
export const OrderDetail = type({ pk: integer(), order_info: OrderInfo, history: array(OrderStatus) });
export const OrderPaymentResponse = type({ payment_url: string() });
/** The bank's form sends the buyer back with our payment's id (and adds its own orderId and lang). */
export const SberbankReturnQuery = type({ payment: size(string(), 0, 64) });
/** The bank's callback: its parameters, each one text, all of them under its checksum. */
export const SberbankCallbackQuery = record(size(string(), 1, 64), size(string(), 0, 500));
export const GiftCardPaymentRequest = object({ guid: size(string(), 1, 64), code: ruled(CARD_CODE, 50) });
/** paid: taken from the card now; balance: left on the card; total: the order's cost; due: left to pay. */
export const GiftCardPaymentResponse = type({
  paid: integer(),
  balance: integer(),
  total: integer(),
  due: integer(),
  payment_status: string(),
});
/** GET /v1/bonus/rules/ (public): the programme's rules alone, so a visitor can read /rules-discount. */
export const BonusRules = type({
  accrual_percent: integer(),
  max_share_percent: integer(),
  lifetime_days: integer(),
});
export type BonusRules = Infer<typeof BonusRules>;
/** GET /v1/bonus/ (signed in): the points that may be spent now and the programme's rules. */
export const BonusInfo = assign(BonusRules, type({ balance: integer() }));
