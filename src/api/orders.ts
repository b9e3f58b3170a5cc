// Calls of checkout (spec §7 orders and delivery): regions and cities, delivery price, the carrier's pickup
// points, promo codes, placing the order, its information, and payment.
import type { OrderRequest } from '../../common/contract/orders.ts';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { call } from './client.ts';

export const getCities = (q: string, region_id?: number) =>
  call(ENDPOINTS.cities, { query: { data: region_id ? { q, region_id } : { q } } });
export const calcDelivery = (city_id: number, sum: number) => call(ENDPOINTS.deliveryCalc, { body: { city_id, sum } });
export const pickupPoints = (city_id: number) => call(ENDPOINTS.pickupPoints, { body: { city_id } });
export const checkPromoCode = (code: string, sum: number) => call(ENDPOINTS.promoCode, { body: { code, sum } });

/** POST /v2/order/ with an Idempotency-Key: pressing the button twice (or a resend) makes one order. */
export const placeOrder = (order: OrderRequest, key: string) =>
  call(ENDPOINTS.orderV2, { body: order, headers: { 'idempotency-key': key } });

export const getOrderInfo = (guid: string) => call(ENDPOINTS.orderInfo, { body: { guid } });
export const startPayment = (guid: string) => call(ENDPOINTS.orderPayment, { body: { guid } });
