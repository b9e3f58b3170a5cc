// The shop's pages of an order, by the route table: the success page, and the order's own page, which shows
// its state and lets the buyer pay while it waits (with ?payment=cancelled|failed|pending after a payment
// attempt). Mails, notifications and the payment providers' returns all link here.
import { href } from '../../common/routes.ts';

export const successPath = (guid: string) => href('basket-success', {}, { guid });
export const orderPath = (guid: string, payment?: 'cancelled' | 'failed' | 'pending') =>
  href('basket-delivery-confirm', { guid }, payment ? { payment } : undefined);
