// The shop's pages of an order, by the route table: the success page, and the order's own page, which shows
// its state and lets the buyer pay while it waits (with ?payment=abandoned|failed|pending|late after a
// payment attempt (abandoned: the buyer gave up on the payment page); late: the money came after the order stopped waiting for it). Mails, notifications and
// the payment providers' returns all link here.
import { href } from './routes.ts';

export const successPath = (guid: string) => href('basket-success', {}, { guid });
export const orderPath = (guid: string, payment?: 'abandoned' | 'failed' | 'pending' | 'late') =>
  href('basket-delivery-confirm', { guid }, payment ? { payment } : undefined);
