// Stock held by unpaid orders: one shopper (a visitor's cookie or an account) and one address may hold only
// so many unpaid orders at once (counted under a lock per shopper and per address, so orders sent at once
// count each other), and each unpaid order holds its goods until a deadline (UNPAID_HOLD_MINUTES after it
// was placed); the buyer is reminded before it lapses (background/unpaid-orders.ts cancels it then).
import { lockName, type Queryable } from '../db/public.ts';
import { scopeOf, type Shopper } from '../http/public.ts';
import { Refusal } from '../refusal.ts';
import { plural } from '../../common/plural.ts';
import { unpaidOrdersOf } from './unpaid-holds-sql.ts';

export interface HoldRules {
  unpaidHoldMinutes: number;
  unpaidPerShopper: number;
  unpaidPerAddress: number;
}

export const UNPAID_MESSAGES = {
  /** The shopper's own unpaid orders: this one is about them, so it says "you". */
  tooMany: (n: number) =>
    `У вас уже ${n} ${plural(n, ['неоплаченный заказ', 'неоплаченных заказа', 'неоплаченных заказов'])}. Оплатите их или дождитесь отмены, прежде чем оформлять новый`,
  /**
   * The address's: a mobile carrier puts many phones behind one address, so the shopper refused may have no
   * order at all; the message speaks of the address, never of them.
   */
  tooManyFromAddress:
    'С этого адреса уже оформлено много неоплаченных заказов. Попробуйте ещё раз позже или через другое подключение к интернету (например, Wi-Fi вместо мобильной сети)',
} as const;

/** How long before its deadline the buyer of an unpaid order is reminded: a quarter of the hold, at least 5 minutes. */
export const reminderLeadMinutes = (rules: HoldRules) => Math.max(5, Math.round(rules.unpaidHoldMinutes / 4));

/**
 * Refuses a new order when the shopper or the address already holds its share of unpaid orders. Takes the
 * shopper's and the address's locks until the order's transaction ends, in a fixed order.
 */
export async function checkUnpaidCaps(tx: Queryable, who: Shopper, address: string, rules: HoldRules): Promise<void> {
  const shopperKey = `unpaid:${scopeOf(who)}`;
  const addressKey = `unpaid:ip:${address}`;
  for (const key of [addressKey, shopperKey].sort()) await lockName(tx, key);
  const held = await unpaidOrdersOf(tx, who, address);
  if (held.shopper >= rules.unpaidPerShopper) throw new Refusal('conflict', UNPAID_MESSAGES.tooMany(held.shopper));
  if (held.address >= rules.unpaidPerAddress) throw new Refusal('conflict', UNPAID_MESSAGES.tooManyFromAddress);
}
