// The Fastify app factory: wires config, database, hardening, the API under /api, pictures and the built
// app. Used by server/main.ts and by the tests (app.inject); nothing starts at import time.
import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/driver.ts';
import { registerErrorHandling } from './http/errors.ts';
import { acceptEmptyJsonBodies } from './plugins/json-body.ts';
import { recordRoutes } from './plugins/route-list.ts';
import catalogueNotices from './plugins/catalogue-notices.ts';
import responseCache from './plugins/response-cache.ts';
import cardCache from './catalog/card-cache.ts';
import housekeeping from './background/housekeeping-plugin.ts';
import unpaidOrders from './background/unpaid-orders-plugin.ts';
import mailDelivery from './mail/delivery-plugin.ts';
import { pushDelivery, vapid } from './push/push-plugin.ts';
import { registerHttpHardening, thirdPartyOrigins } from './plugins/security.ts';
import { registerSigner } from './http/signer.ts';
import { decorateIdentity } from './http/identity.ts';
import { registerShopProviders } from './plugins/shop-providers.ts';
import { refuseForeignOrigins } from './plugins/same-origin.ts';
import { redirectTrailingSlash, serveApp } from './plugins/web.ts';
import contentRoutes from './content/routes.ts';
import crawlerRoutes from './content/crawler-routes.ts';
import catalogRoutes from './catalog/routes.ts';
import frameRoutes from './content/frame-routes.ts';
import listingRoutes from './catalog/listing-routes.ts';
import mediaRoutes from './content/media-routes.ts';
import productRoutes from './catalog/product-routes.ts';
import shopRoutes from './shop-api.ts';
import type { PageRenderer } from './render/ssr-bundle.ts';
import './types.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  logger?: boolean;
  /** The page renderer; by default the SSR build in the config's dist folder (render/ssr-bundle.ts). */
  renderer?: () => Promise<PageRenderer | null>;
}

export async function buildApp({ config, db, logger = true, renderer }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: config.trustProxy,
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' }),
  });
  recordRoutes(app);
  app.decorate('config', config);
  app.decorate('db', db);
  app.decorate('publicRoutes', new Map());
  decorateIdentity(app);
  registerShopProviders(app); // delivery and payments: the shop's routes and the unpaid orders' pass use them
  app.addHook('onClose', async () => db.close());

  registerErrorHandling(app);
  acceptEmptyJsonBodies(app);
  redirectTrailingSlash(app);
  await registerHttpHardening(app, thirdPartyOrigins(config));
  refuseForeignOrigins(app, config.publicUrl);
  await app.register(cookie);
  await registerSigner(app);
  await app.register(catalogueNotices);
  if (config.responseCacheBytes > 0) await app.register(responseCache);
  await app.register(cardCache);
  await app.register(vapid);

  await app.register(
    async (api) => {
      // Public catalogue answers may be kept, but must be revalidated (ETag makes that cheap).
      api.addHook('onSend', async (_req, reply) => {
        if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
      });
      await api.register(frameRoutes);
      await api.register(contentRoutes);
      await api.register(catalogRoutes);
      await api.register(listingRoutes);
      await api.register(productRoutes);
      await api.register(shopRoutes);
    },
    { prefix: '/api' },
  );
  await app.register(mediaRoutes);
  await app.register(mailDelivery);
  await app.register(pushDelivery);
  await app.register(housekeeping);
  await app.register(unpaidOrders);
  await app.register(crawlerRoutes, { publicUrl: config.publicUrl });
  await serveApp(app, config.distDir, config.publicUrl, renderer);
  return app;
}
