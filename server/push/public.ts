// What the other areas of the server may use of push/: Web Push: subscriptions, events, their delivery and the
// VAPID keys. Everything else in the folder is its own (eslint.config.js refuses an import from another area
// past this file).
export { pushDelivery, vapid } from './push-plugin.ts';
export { DEFAULT_PUSH_SERVICES } from './push-services.ts';
export { dropSettledPushes, enqueueOrderNotice, joinAccount, pushOutboxDepth } from './push-sql.ts';
export { default as pushRoutes } from './routes.ts';
