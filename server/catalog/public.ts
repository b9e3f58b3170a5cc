// What the other areas of the server may use of catalog/: the catalogue: categories, brands, products, offers,
// listings and their caches. Everything else in the folder is its own (eslint.config.js refuses an import from
// another area past this file).
export { default as cardCache } from './card-cache.ts';
export { default as listingRoutes } from './listing-routes.ts';
export { PRODUCT_PATH_SQL } from './offers-sql.ts';
export { default as productRoutes } from './product-routes.ts';
export { default as catalogRoutes } from './routes.ts';
