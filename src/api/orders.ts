// Calls of checkout (spec §7 orders and delivery): regions and cities, delivery price, promo codes,
// placing the order, its information, and payment.
import {
  CityList,
  DeliveryCalcResponse,
  OrderCreated,
  OrderInfoResponse,
  OrderPaymentResponse,
  PromoCodeResponse,
  type Buyer,
} from '../../common/contract.ts';
import { request } from './client.ts';

export const getCities = (q: string, region_id?: number) =>
  request('/v1/cities/', CityList, { query: { data: region_id ? { q, region_id } : { q } } });
export const calcDelivery = (city_id: number, sum: number) =>
  request('/v1/cdek_calc/', DeliveryCalcResponse, { method: 'POST', body: { city_id, sum } });
export const checkPromoCode = (code: string, sum: number) =>
  request('/v1/promo_code/', PromoCodeResponse, { method: 'POST', body: { code, sum } });

export interface NewOrder {
  buyer?: Buyer;
  region_id: number;
  city_id: number;
  address?: string;
  delivery_method: 'courier' | 'pickup';
  promo_code?: string;
  bonus?: number;
  comment?: string;
}

/** POST /v2/order/ with an Idempotency-Key: pressing the button twice (or a resend) makes one order. */
export const placeOrder = (order: NewOrder, key: string) =>
  request('/v2/order/', OrderCreated, { method: 'POST', body: order, headers: { 'idempotency-key': key } });

export const getOrderInfo = (guid: string) => request('/v1/get_order_info/', OrderInfoResponse, { method: 'POST', body: { guid } });
export const startPayment = (guid: string) => request('/v1/order_payment/', OrderPaymentResponse, { method: 'POST', body: { guid } });
