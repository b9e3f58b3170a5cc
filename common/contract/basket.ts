// The contract of the basket (spec §3 basket item, §7 basket): a line, the cart's answers and its changes.
import { array, defaulted, integer, literal, object, optional, size, string, type, union, type Infer } from 'superstruct';
import { explained } from '../validate.ts';
import { LINE_LIMIT, LINE_QUANTITY } from '../input-rules.ts';
import { ImageRef } from './catalog.ts';

const Feature = type({ name: string() });
export const BasketItem = type({
  item_uuid: string(),
  quantity: integer(),
  price: integer(),
  ext_id: string(),
  product: type({
    name: string(),
    brand: string(),
    price: integer(),
    images: array(ImageRef),
    full_path_offer: string(),
  }),
  feature: optional(Feature),
  featuretop: optional(Feature),
  featurebot: optional(Feature),
});
export type BasketItem = Infer<typeof BasketItem>;
export const CartSuccess = type({ status: literal('success'), cart: array(BasketItem) });
export const CartError = type({ status: literal('error'), message: string() });
export const CartResponse = union([CartSuccess, CartError]);
export type CartResponse = Infer<typeof CartResponse>;
/** A basket line's quantity, refused in the basket's own words (common/input-rules.ts: the page sends no call for it). */
const lineQuantity = () =>
  explained(
    explained(integer(), (q) => q >= 1, LINE_QUANTITY.tooFew),
    (q) => q <= LINE_LIMIT,
    LINE_QUANTITY.tooMany,
  );
export const CartAddRequest = object({ ext_id: size(string(), 1, 100), quantity: defaulted(lineQuantity(), 1) });
export const CartUpdateRequest = object({ quantity: lineQuantity(), item_uuid: optional(string()) });
/**
 * The product page's add-to-basket form as the browser itself sends it (urlencoded: the page's app had not
 * started, or the browser runs no script): the chosen size, or the chosen top and bottom of a set (each a
 * variant's ext_id, one of each added), the product page to go back to, and the page's key for the add.
 */
export const CartAddForm = object({
  selectSize: optional(size(string(), 0, 100)),
  selectTop: optional(size(string(), 0, 100)),
  selectBottom: optional(size(string(), 0, 100)),
  back: optional(size(string(), 0, 2000)),
  idempotency_key: optional(size(string(), 0, 200)),
});
