// What the other areas of the server may use of plugins/: the app's Fastify plugins. Everything else in the
// folder is its own (eslint.config.js refuses an import from another area past this file).
export { default as backupAddress } from './backup-address.ts';
export { default as catalogueNotices } from './catalogue-notices.ts';
export { default as gracefulClose } from './graceful-close.ts';
export { default as health } from './health.ts';
export { acceptEmptyJsonBodies } from './json-body.ts';
export { default as metrics } from './metrics.ts';
export { default as responseCache } from './response-cache.ts';
export { recordRoutes } from './route-list.ts';
export { refuseForeignOrigins } from './same-origin.ts';
export { registerHttpHardening, thirdPartyOrigins } from './security.ts';
export { registerShopProviders } from './shop-providers.ts';
export { redirectTrailingSlash, serveApp } from './web.ts';
