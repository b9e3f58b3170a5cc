// The Fastify app factory: wires config, database, hardening, the API under /api, pictures and the built
// app. Used by server/main.ts and by the tests (app.inject); nothing starts at import time.
import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import type { Config } from './config.ts';
import type { Db } from './db/driver.ts';
import { registerErrorHandling } from './plugins/errors.ts';
import { acceptEmptyJsonBodies } from './plugins/json-body.ts';
import housekeeping from './plugins/housekeeping.ts';
import mailDelivery from './plugins/mail-delivery.ts';
import { registerHttpHardening, thirdPartyOrigins } from './plugins/security.ts';
import { redirectTrailingSlash, serveApp } from './plugins/web.ts';
import contentRoutes from './routes/content.ts';
import crawlerRoutes from './routes/crawlers.ts';
import catalogRoutes from './routes/catalog.ts';
import frameRoutes from './routes/frame.ts';
import listingRoutes from './routes/listings.ts';
import mediaRoutes from './routes/media.ts';
import productRoutes from './routes/product.ts';
import shopRoutes from './routes/shop.ts';
import './types.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  logger?: boolean;
}

export async function buildApp({ config, db, logger = true }: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger: logger ? { level: config.logLevel } : false,
    routerOptions: { ignoreTrailingSlash: true },
    trustProxy: config.trustProxy,
    logController: new LogController({ disableRequestLogging: config.logLevel !== 'debug' }),
  });
  app.decorate('config', config);
  app.decorate('db', db);
  app.addHook('onClose', async () => db.close());

  registerErrorHandling(app);
  acceptEmptyJsonBodies(app);
  redirectTrailingSlash(app);
  await registerHttpHardening(app, thirdPartyOrigins(config));
  await app.register(cookie);

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
  await app.register(housekeeping);
  await app.register(crawlerRoutes, { publicUrl: config.publicUrl });
  await serveApp(app, config.distDir, config.publicUrl);
  return app;
}
