// Placing an order, in the caller's one transaction: the lines come from the shopper's
// server cart (or, for /v1/order/ with an empty cart, from the payload's ext_ids and quantities, its
// prices ignored), priced from the catalogue, stock re-checked and taken under row locks, the promo code
// and bonus points applied within their limits, delivery priced by the provider, the payment method checked
// against what the method and zone allow (paid on receipt up to a total, never with a gift certificate), the
// order numbered and snapshotted with status 'new' and, paid online, held unpaid until its deadline (at most
// so many unpaid orders per shopper and address: unpaid-holds.ts), an optional gift card applied, the cart
// emptied, and the buyer's and the manager's mail queued.
import type { Infer } from 'superstruct';
import type { OrderRequest } from '../../common/contract/orders.ts';
import type { Queryable } from '../db/public.ts';
import type { Shopper } from '../http/public.ts';
import { addLedgerEntry, bonusBalance, fullName, ledgerOf, pointsToSpend, userProfile } from '../accounts/public.ts';
import { BASKET_MESSAGES, cartLines, deleteLines, findCartId, lineSums } from '../basket/public.ts';
import { enqueueMail } from '../mail/public.ts';
import { Refusal } from '../refusal.ts';
import { cityPlace } from './geo-sql.ts';
import {
  insertOrderItems,
  lockAndPrice,
  namedByExtIds,
  nextOrderNumber,
  orderById,
  shopMail,
  takeStock,
  userAddressText,
  type PricedLine,
  type WantedLine,
} from './orders-sql.ts';
import { countPromoUse, findPromo } from './promo-sql.ts';
import { amountDue, orderTotal } from '../../common/order-rules.ts';
import { insertOrder } from './lifecycle-records-sql.ts';
import { DELIVERY_MESSAGES, METHOD_NAMES, quoteBasket, type DeliveryProvider, type DeliveryQuote, type PickupPoint } from './delivery.ts';
import type { PaymentMethod } from '../../common/order-status.ts';
import { formatPrice } from '../../common/money.ts';
import { payFromCard } from './gift-card-payment.ts';
import { LIFECYCLE_MESSAGES, pay, placed, shopper } from './lifecycle.ts';
import { buyerConfirmation, managerNotice } from './order-mails.ts';
import { evaluatePromo, normalizeCode } from './promo-rules.ts';
import { checkUnpaidCaps, type HoldRules } from './unpaid-holds.ts';
import { COURIER_ADDRESS, LINE_LIMIT, normalizeEmail, phoneForServer } from '../../common/input-rules.ts';

export type OrderInput = Infer<typeof OrderRequest>;

export const ORDER_MESSAGES = {
  emptyCart: 'Корзина пуста',
  unknownItem: 'В заказе есть товар, которого нет в каталоге',
  buyer: 'Укажите ФИО, e-mail и телефон покупателя',
  addressNotYours: 'Адрес не найден',
  cityRegion: 'Город не относится к выбранному региону',
  notSold: (name: string) => `Товар «${name}» больше не продаётся`,
  stock: (l: Pick<PricedLine, 'name' | 'size' | 'stock'>) =>
    l.stock ? `Товара «${l.name}» (${l.size}) осталось только ${l.stock} шт.` : `Товар «${l.name}» (${l.size}) закончился`,
} as const;

export interface OrderDeps {
  delivery: DeliveryProvider;
  publicUrl: string;
  holds: HoldRules;
}

export interface PlacedOrder {
  guid: string;
  number: string;
  total: number;
  due: number;
}

/**
 * The buyer: a signed-in user's profile, else what the form gave (the contract has held it to the input
 * rules: a full name of two words, an e-mail, a complete phone).
 */
async function buyerOf(tx: Queryable, who: Shopper, input: OrderInput) {
  const given = input.buyer;
  let fio = given?.fio.trim() ?? '';
  let email = given ? normalizeEmail(given.email) : '';
  let phone = given ? phoneForServer(given.phone) : '';
  if (who.userId !== null) {
    const user = await userProfile(tx, who.userId);
    if (user) {
      fio = fullName(user) || fio;
      email = user.email ?? email;
      phone = user.phone ?? phone;
    }
  }
  if (!fio || !email || !phone) throw new Refusal('invalid', ORDER_MESSAGES.buyer);
  return { fio, email, phone };
}

/** The wanted lines: the server cart's, or (v1, cart empty) the payload's, same ext_ids summed. */
async function wantedLines(tx: Queryable, cartId: number | null, input: OrderInput, allowItems: boolean): Promise<WantedLine[]> {
  const cart = cartId === null ? [] : await cartLines(tx, cartId);
  if (cart.length) return cart;
  if (!allowItems || !input.items?.length) throw new Refusal('conflict', ORDER_MESSAGES.emptyCart);
  const quantities = new Map<string, number>();
  for (const item of input.items) quantities.set(item.ext_id, (quantities.get(item.ext_id) ?? 0) + item.quantity);
  const named = await namedByExtIds(tx, [...quantities.keys()]);
  return [...quantities].map(([extId, quantity]) => {
    const what = named.get(extId);
    if (!what) throw new Refusal('invalid', ORDER_MESSAGES.unknownItem);
    if (quantity > LINE_LIMIT) throw new Refusal('conflict', BASKET_MESSAGES.lineLimit);
    return { ...what, quantity };
  });
}

function checkLines(lines: readonly PricedLine[], wanted: number): void {
  if (lines.length !== wanted) throw new Refusal('conflict', ORDER_MESSAGES.unknownItem);
  for (const l of lines) {
    if (!l.active) throw new Refusal('conflict', ORDER_MESSAGES.notSold(l.name));
    if (l.stock !== null && l.stock < l.quantity) throw new Refusal('conflict', ORDER_MESSAGES.stock(l));
  }
}

/** Refuses payment on receipt where the method and zone do not take it, above their total, or with a gift certificate. */
function checkPayOnReceipt(quote: DeliveryQuote, total: number, withCertificate: boolean): void {
  if (withCertificate) throw new Refusal('invalid', DELIVERY_MESSAGES.certificateOnline);
  if (quote.pay_on_receipt_upto === null) throw new Refusal('invalid', DELIVERY_MESSAGES.noPayOnReceipt);
  if (total > quote.pay_on_receipt_upto)
    throw new Refusal('invalid', DELIVERY_MESSAGES.payOnReceiptUpto(formatPrice(quote.pay_on_receipt_upto)));
}

/**
 * The carrier's pickup point the buyer chose, when the city's pickup method is a carrier's that lists them: one
 * of the city's, and one that takes payment on receipt when the order is paid so. Null when none are listed.
 */
async function chosenPoint(
  tx: Queryable,
  delivery: DeliveryProvider,
  input: OrderInput,
  payment: PaymentMethod,
): Promise<PickupPoint | null> {
  const points = await delivery.pickupPoints(tx, input.city_id);
  if (points === null) return null;
  if (!input.pickup_point) throw new Refusal('invalid', DELIVERY_MESSAGES.pointNeeded);
  const point = points.find((p) => p.code === input.pickup_point);
  if (!point) throw new Refusal('invalid', DELIVERY_MESSAGES.pointUnknown);
  if (payment === 'on_receipt' && !point.cash_on_delivery) throw new Refusal('invalid', DELIVERY_MESSAGES.pointNoCash);
  return point;
}

/** The carrier's tariff the order goes by: to a parcel locker its own (refused where the carrier has none). */
function carrierTariff(quote: DeliveryQuote, point: PickupPoint | null): number | null {
  if (!quote.carrier) return null;
  if (point?.type !== 'POSTAMAT') return quote.carrier.tariff_code;
  if (quote.carrier.locker_tariff_code === null) throw new Refusal('invalid', DELIVERY_MESSAGES.noLocker);
  return quote.carrier.locker_tariff_code;
}

/** Refuses fitting where the method and zone do not offer it, or for more goods than it brings. */
function checkFitting(quote: DeliveryQuote, lines: readonly PricedLine[]): void {
  if (quote.fitting_items_max === null) throw new Refusal('invalid', DELIVERY_MESSAGES.noFitting);
  const pieces = lines.reduce((n, l) => n + (l.variant_id !== null ? l.quantity : 0), 0);
  if (pieces > quote.fitting_items_max) throw new Refusal('invalid', DELIVERY_MESSAGES.fittingItems(quote.fitting_items_max));
}

export async function placeOrder(
  tx: Queryable,
  deps: OrderDeps,
  who: Shopper,
  input: OrderInput,
  opts: { allowItems: boolean; address: string },
): Promise<PlacedOrder> {
  // Locks in one order everywhere: cart, variants (id order), promo code, user (bonus), gift card.
  const buyerActor = shopper(who.userId);
  const cartId = await findCartId(tx, who, true);
  const wanted = await wantedLines(tx, cartId, input, opts.allowItems);
  const buyer = await buyerOf(tx, who, input);

  const place = await cityPlace(tx, input.city_id);
  if (!place) throw new Refusal('invalid', DELIVERY_MESSAGES.unknownCity);
  if (place.region_id !== input.region_id) throw new Refusal('invalid', ORDER_MESSAGES.cityRegion);
  let address = input.address?.trim() ?? '';
  if (input.address_id !== undefined) {
    const saved = who.userId !== null ? await userAddressText(tx, who.userId, input.address_id) : null;
    if (saved === null) throw new Refusal('invalid', ORDER_MESSAGES.addressNotYours);
    address = address || saved;
  }
  if (input.delivery_method === 'courier' && !COURIER_ADDRESS.test(address)) throw new Refusal('invalid', COURIER_ADDRESS.message);

  await checkUnpaidCaps(tx, who, opts.address, deps.holds);
  const lines = await lockAndPrice(tx, wanted);
  checkLines(lines, wanted.length);
  const { items: itemsSum, goods: goodsSum } = lineSums(lines);

  let promoCode: string | null = null;
  let promoDiscount = 0;
  if (input.promo_code?.trim()) {
    const code = normalizeCode(input.promo_code);
    const verdict = evaluatePromo(await findPromo(tx, code, true), goodsSum);
    if (!verdict.ok) throw new Refusal(verdict.kind, verdict.message);
    promoCode = verdict.code;
    promoDiscount = verdict.discount;
    await countPromoUse(tx, promoCode);
  }

  let bonusSpent = 0;
  if (who.userId !== null && input.bonus) {
    const balance = bonusBalance(await ledgerOf(tx, who.userId, true));
    bonusSpent = pointsToSpend(input.bonus, balance, goodsSum - promoDiscount);
  }

  const goodsLines = lines.filter((l) => l.variant_id !== null).map((l) => ({ ext_id: l.ext_id, quantity: l.quantity }));
  const quotes = await quoteBasket(deps.delivery, tx, input.city_id, itemsSum, { items: itemsSum, goods: goodsSum }, goodsLines);
  const quote = quotes?.find((q) => q.method === input.delivery_method);
  if (!quote) throw new Refusal('invalid', DELIVERY_MESSAGES.noMethod);

  const total = orderTotal({ items: itemsSum, promoDiscount, bonus: bonusSpent, delivery: quote.price });
  const paymentMethod = input.payment_method ?? 'card';
  if (paymentMethod === 'on_receipt') checkPayOnReceipt(quote, total, itemsSum > goodsSum);
  const fitting = input.fitting === true;
  if (fitting) checkFitting(quote, lines);
  if (paymentMethod === 'on_receipt' && quote.carrier && input.gift_card?.trim())
    throw new Refusal('invalid', LIFECYCLE_MESSAGES.giftCardWithCarrier);
  // The carrier's pickup method sends the parcel to the point chosen; priced by the tariff table, there is none.
  const point = quote.method === 'pickup' && quote.carrier ? await chosenPoint(tx, deps.delivery, input, paymentMethod) : null;
  if (point) address = `Пункт выдачи «${point.name}»: ${point.address}`;
  const number = await nextOrderNumber(tx);
  const order = {
    number,
    user_id: who.userId,
    buyer_fio: buyer.fio,
    buyer_email: buyer.email,
    buyer_phone: buyer.phone,
    region_id: place.region_id,
    city_id: place.city_id,
    city_name: place.city,
    address,
    delivery_method: input.delivery_method,
    delivery_price: quote.price,
    payment_method: paymentMethod,
    fitting,
    carrier: quote.carrier?.id ?? null,
    carrier_tariff: carrierTariff(quote, point),
    pickup_point: point && { code: point.code, name: point.name, address: point.address, type: point.type },
    items_sum: itemsSum,
    promo_code: promoCode,
    promo_discount: promoDiscount,
    bonus_spent: bonusSpent,
    total,
    comment: input.comment?.trim() ?? '',
  };
  const { id, guid, hold_until } = await insertOrder(tx, {
    ...order,
    visitor_key: who.visitorKey,
    client_address: opts.address,
    hold_minutes: deps.holds.unpaidHoldMinutes,
  });
  await insertOrderItems(tx, id, lines);
  await takeStock(tx, lines);
  await placed(tx, id, buyerActor);
  if (bonusSpent > 0 && who.userId !== null) {
    await addLedgerEntry(tx, { userId: who.userId, orderId: id, kind: 'spend', amount: -bonusSpent });
  }
  if (cartId !== null) await deleteLines(tx, cartId);

  let giftCardAmount = 0;
  let paid = false;
  if (input.gift_card?.trim()) {
    const fromCard = await payFromCard(tx, (await orderById(tx, id, true))!, input.gift_card, buyerActor, deps.publicUrl);
    giftCardAmount = fromCard.paid;
    paid = fromCard.due === 0;
  } else if (total === 0) {
    paid = await pay(tx, (await orderById(tx, id, true))!, buyerActor, 'Нечего оплачивать', deps.publicUrl);
  }

  const mailOrder = {
    ...order,
    guid,
    delivery_name: METHOD_NAMES[input.delivery_method],
    gift_card_amount: giftCardAmount,
    lines,
    pay_until: paid || paymentMethod === 'on_receipt' ? null : new Date(hold_until),
  };
  await enqueueMail(tx, buyerConfirmation(mailOrder, deps.publicUrl));
  const shop = await shopMail(tx);
  if (shop.manager_email) await enqueueMail(tx, managerNotice(mailOrder, shop.manager_email, deps.publicUrl));

  return { guid, number, total, due: amountDue({ total, gift_card_amount: giftCardAmount }) };
}
