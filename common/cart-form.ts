// The address of the product page's add-to-basket form (spec's basket, sent by the browser itself before the
// app starts: server/basket/form-route.ts answers it), apart from the endpoint table so the product page
// names it without downloading the table and its contract (the page's first JS, ≤ 90 kB).

/** The form's path under the API base (the endpoint table's `cartAddForm`). */
export const CART_FORM_PATH = '/v2/cart/form/';
