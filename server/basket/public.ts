// What the other areas of the server may use of basket/: the shopper's basket. Everything else in the folder is
// its own (eslint.config.js refuses an import from another area past this file).
export { BASKET_MESSAGES, basketSums, lineSums, mergeVisitorCart, readBasket } from './basket.ts';
export { cartLines, deleteLines, findCartId } from './cart-sql.ts';
export { default as basketRoutes } from './routes.ts';
