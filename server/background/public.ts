// What the other areas of the server may use of background/: the background passes (housekeeping, unpaid
// orders, the carrier's shipments). Everything else in the folder is its own (eslint.config.js refuses an import from another area past
// this file).
export { default as housekeeping } from './housekeeping-plugin.ts';
export { default as unpaidOrders } from './unpaid-orders-plugin.ts';
export { default as carrierPass } from './carrier-plugin.ts';
