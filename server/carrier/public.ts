// What the other areas of the server may use of carrier/: delivery by CDEK under the shop's contract (its API,
// the delivery provider over it, the shipments registered with it and their labels, its status reports, the
// webhook's route). Everything else in the folder is its own (eslint.config.js refuses an import from another
// area past this file).
export { CdekApi, CarrierError } from './cdek-api.ts';
export { cdekDelivery } from './cdek-delivery.ts';
export { carrierOf, NO_CARRIER, webhookUrl } from './app-carrier.ts';
export { ensureWebhook, followShipments, registerShipments, shipmentLabel, withdrawShipments } from './shipments.ts';
export { shipmentOf } from './shipments-sql.ts';
export { default as carrierRoutes } from './routes.ts';
