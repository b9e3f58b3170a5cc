// The basket's rules (spec §4, §7): add to a variant's line, set a quantity, remove a line, empty; stock
// and the per-line limit checked with Russian refusals; and the merge of a visitor's cart into the user's
// at login. Every function takes the transaction it runs in.
import type { Queryable } from '../db/public.ts';
import type { BasketItem } from '../../common/contract/basket.ts';
import { LINE_LIMIT, LINE_QUANTITY } from '../../common/input-rules.ts';
import { ORDER_ITEMS_MAX } from '../../common/contract/orders.ts';
import { Refusal } from '../refusal.ts';
import {
  basketItems,
  cartLines,
  deleteCart,
  deleteLine,
  deleteLines,
  findCartId,
  findSellable,
  insertLine,
  lineByUuid,
  lineOf,
  lockCart,
  mergeLine,
  lineCount,
  rawLines,
  setLineQuantity,
  type CartOwner,
} from './cart-sql.ts';

export const BASKET_MESSAGES = {
  unknown: 'Такого товара нет',
  noLine: 'Такой позиции нет в корзине',
  outOfStock: 'Товара нет в наличии',
  onlyLeft: (n: number) => `Осталось только ${n} шт.`,
  lineLimit: LINE_QUANTITY.tooMany,
  tooManyLines: `В корзине может быть не больше ${ORDER_ITEMS_MAX} позиций`,
  quantity: LINE_QUANTITY.tooFew,
} as const;

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function checkQuantity(quantity: number, stock: number | null): void {
  if (quantity < 1) throw new Refusal('invalid', BASKET_MESSAGES.quantity);
  if (stock !== null && quantity > stock) {
    throw new Refusal('conflict', stock > 0 ? BASKET_MESSAGES.onlyLeft(stock) : BASKET_MESSAGES.outOfStock);
  }
  if (quantity > LINE_LIMIT) throw new Refusal('conflict', BASKET_MESSAGES.lineLimit);
}

export async function readBasket(db: Queryable, owner: CartOwner | null): Promise<BasketItem[]> {
  const cartId = owner ? await findCartId(db, owner) : null;
  return cartId === null ? [] : basketItems(db, cartId);
}

/** The sums of priced lines: everything, and the goods alone (certificates are not discounted). */
export function lineSums(lines: readonly { price: number; quantity: number; variant_id: number | null }[]): {
  items: number;
  goods: number;
} {
  return {
    items: lines.reduce((s, l) => s + l.price * l.quantity, 0),
    goods: lines.reduce((s, l) => s + (l.variant_id !== null ? l.price * l.quantity : 0), 0),
  };
}

/** The basket's sums (lineSums), its number of lines, and its goods (not gift certificates) to pack. */
export async function basketSums(
  db: Queryable,
  owner: CartOwner | null,
): Promise<{ items: number; goods: number; lines: number; goodsLines: { ext_id: string; quantity: number }[] }> {
  const cartId = owner ? await findCartId(db, owner) : null;
  const lines = cartId === null ? [] : await cartLines(db, cartId);
  const goodsLines = lines.filter((l) => l.variant_id !== null).map((l) => ({ ext_id: l.ext_id, quantity: l.quantity }));
  return { ...lineSums(lines), lines: lines.length, goodsLines };
}

export async function addToBasket(tx: Queryable, owner: CartOwner, extId: string, quantity: number): Promise<BasketItem[]> {
  const cartId = await lockCart(tx, owner);
  const sellable = await findSellable(tx, extId);
  if (!sellable) throw new Refusal('notFound', BASKET_MESSAGES.unknown);
  const line = await lineOf(tx, cartId, sellable);
  const stock = sellable.kind === 'variant' ? sellable.stock : null;
  checkQuantity((line?.quantity ?? 0) + quantity, stock);
  if (line) await setLineQuantity(tx, cartId, line.item_uuid, line.quantity + quantity);
  else {
    if ((await lineCount(tx, cartId)) >= ORDER_ITEMS_MAX) throw new Refusal('conflict', BASKET_MESSAGES.tooManyLines);
    await insertLine(tx, cartId, sellable, quantity);
  }
  return basketItems(tx, cartId);
}

async function ownLine(tx: Queryable, owner: CartOwner, itemUuid: string) {
  const cartId = UUID.test(itemUuid) ? await findCartId(tx, owner, true) : null;
  const line = cartId === null ? null : await lineByUuid(tx, cartId, itemUuid);
  if (cartId === null || !line) throw new Refusal('notFound', BASKET_MESSAGES.noLine);
  return { cartId, line };
}

export async function setBasketQuantity(tx: Queryable, owner: CartOwner, itemUuid: string, quantity: number): Promise<BasketItem[]> {
  const { cartId, line } = await ownLine(tx, owner, itemUuid);
  // Lowering a quantity is always allowed, even above what is left: the order checks stock again.
  if (quantity > line.quantity || quantity < 1) checkQuantity(quantity, line.stock);
  await setLineQuantity(tx, cartId, itemUuid, quantity);
  return basketItems(tx, cartId);
}

export async function removeFromBasket(tx: Queryable, owner: CartOwner, itemUuid: string): Promise<BasketItem[]> {
  const { cartId } = await ownLine(tx, owner, itemUuid);
  await deleteLine(tx, cartId, itemUuid);
  return basketItems(tx, cartId);
}

export async function emptyBasket(tx: Queryable, owner: CartOwner): Promise<BasketItem[]> {
  const cartId = await findCartId(tx, owner, true);
  if (cartId !== null) await deleteLines(tx, cartId);
  return [];
}

/**
 * At login: the visitor's lines join the user's cart (quantities summed, capped by stock and the line
 * limit; a line with nothing left in stock is dropped), then the visitor's cart is deleted.
 */
export async function mergeVisitorCart(tx: Queryable, visitorKey: string, userId: number): Promise<void> {
  const visitorCart = await findCartId(tx, { userId: null, visitorKey }, true);
  if (visitorCart === null) return;
  const lines = await rawLines(tx, visitorCart);
  if (lines.length) {
    const userCart = await lockCart(tx, { userId, visitorKey: null });
    for (const line of lines) {
      const cap = Math.min(LINE_LIMIT, line.stock ?? LINE_LIMIT);
      if (cap >= 1) await mergeLine(tx, userCart, line, line.quantity, cap);
    }
  }
  await deleteCart(tx, visitorCart);
}
