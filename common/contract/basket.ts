// The contract of the basket (spec §3 basket item, §7 basket): a line, the cart's answers and its changes.
import { array, defaulted, integer, literal, max, object, optional, size, string, type, union, type Infer } from 'superstruct';
import { explained } from '../validate.ts';
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
/** A basket line's quantity: below 1 is refused in the basket's own words (spec §4: no call is made for it). */
export const BASKET_QUANTITY_MESSAGE = 'Количество должно быть не меньше 1';
const lineQuantity = () => explained(max(integer(), 99), (q) => q >= 1, BASKET_QUANTITY_MESSAGE);
export const CartAddRequest = object({ ext_id: size(string(), 1, 100), quantity: defaulted(lineQuantity(), 1) });
export const CartUpdateRequest = object({ quantity: lineQuantity(), item_uuid: optional(string()) });
