// What the other areas of the server may use of exchange/: the accounting system's exchange (1C, МойСклад)
// at /exchange/1c and its pictures. Everything else in the folder is its own (eslint.config.js refuses an
// import from another area past this file).
export { default as exchangeRoutes } from './routes.ts';
export { default as exchangeLogRoutes } from './log-routes.ts';
export { forgetOldExchanges } from './cleanup.ts';
export { NO_COLOR } from './apply.ts';
