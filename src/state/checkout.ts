// Store of checkout: the anonymous flag (spec §2 "continue without logging in"), the buyer's data, the
// delivery and payment choice, the promo code, and the order being placed (its Idempotency-Key survives a retry).
import { proxy, useSnapshot } from 'valtio';
import type { City } from '../../common/contract/orders.ts';
import type { PaymentMethod } from '../../common/order-status.ts';
import { randomId } from '../lib/ids.ts';
import { ui } from './ui.ts';

export type DeliveryMethod = 'courier' | 'pickup';

export const checkout = proxy({
  anonymous: false,
  fio: '',
  email: '',
  phone: '',
  method: 'courier' as DeliveryMethod,
  /** How the buyer pays: online by card, or on receipt where the delivery method allows it. */
  payment: 'card' as PaymentMethod,
  /** Fitting at the door, where the courier offers it: the buyer pays for what they keep. */
  fitting: false,
  /** The carrier's pickup point chosen (its code, to send; its name and address, to show; whether it takes cash). */
  point: null as null | { code: string; name: string; address: string; cash: boolean },
  address: '',
  comment: '',
  promo: null as null | { code: string; discount: number; message: string },
  /** Bonus points a signed-in shopper spends on this order. */
  bonus: 0,
  /** One key per order attempt: a double click or a resend after a network error places one order. */
  orderKey: randomId(),
});

export const useCheckout = () => useSnapshot(checkout);

/** Spec §2: "continue without logging in" sets the anonymous flag (and goes to basket-delivery). */
export function continueAnonymously(): void {
  checkout.anonymous = true;
}

export function chooseCity(city: City | null): void {
  if (city?.id !== ui.city?.id) checkout.point = null; // another city's points
  ui.city = city;
}

/** After an order is placed the next one gets a fresh key and the form forgets the promo code. */
export function orderPlaced(): void {
  checkout.orderKey = randomId();
  checkout.promo = null;
  checkout.bonus = 0;
  checkout.comment = '';
}
