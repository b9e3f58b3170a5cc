// The Fastify app factory: wires config, database, hardening, the API under /api, pictures and the built
// app. Used by server/main.ts and by the tests (app.inject); nothing starts at import time.
import cookie from '@fastify/cookie';
import Fastify, { LogController, type FastifyInstance } from 'fastify';
import http from 'node:http';
import type { Config, ConnectionLimits } from './config.ts';
import type { Db } from './db/public.ts';
import { decorateIdentity, registerErrorHandling, registerSigner } from './http/public.ts';
import {
  acceptEmptyJsonBodies,
  backupAddress,
  catalogueNotices,
  gracefulClose,
  health,
  metrics,
  recordRoutes,
  redirectTrailingSlash,
  refuseForeignOrigins,
  registerHttpHardening,
  registerShopProviders,
  responseCache,
  serveApp,
  thirdPartyOrigins,
} from './plugins/public.ts';
import { cardCache, catalogRoutes, listingRoutes, productRoutes } from './catalog/public.ts';
import { carrierPass, housekeeping, unpaidOrders } from './background/public.ts';
import { mailDelivery } from './mail/public.ts';
import { pushDelivery, vapid } from './push/public.ts';
import { contentRoutes, crawlerRoutes, feedRoutes, frameRoutes, mediaRoutes } from './content/public.ts';
import { exchangeRoutes } from './exchange/public.ts';
import { pictureRoutes } from './media/public.ts';
import type { PageRenderer } from './render/public.ts';
import shopRoutes from './shop-api.ts';
import './types.ts';

/**
 * The HTTP server with its connections limited (config.connections): a dribbled request is cut once its
 * headers are late (checked every second, not Node's default half minute), a silent connection once idle, and
 * connections past the cap are refused. Node's own server options: nothing of it is hand-written.
 */
function limitedServer(handler: http.RequestListener, limits: ConnectionLimits): http.Server {
  const server = http.createServer(
    {
      connectionsCheckingInterval: 1000,
      headersTimeout: limits.headersTimeoutS * 1000,
      requestTimeout: limits.requestTimeoutS * 1000,
      keepAliveTimeout: limits.keepAliveTimeoutS * 1000,
    },
    handler,
  );
  server.setTimeout(limits.idleTimeoutS * 1000);
  server.maxConnections = limits.maxConnections;
  return server;
}

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
    serverFactory: (handler) => limitedServer(handler, config.connections),
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
  await app.register(gracefulClose);
  await app.register(metrics);
  await app.register(health);
  await app.register(backupAddress);
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
  await app.register(pictureRoutes);
  await app.register(exchangeRoutes);
  await app.register(mailDelivery);
  await app.register(pushDelivery);
  await app.register(housekeeping);
  await app.register(unpaidOrders);
  await app.register(carrierPass);
  await app.register(crawlerRoutes, { publicUrl: config.publicUrl });
  await app.register(feedRoutes, { publicUrl: config.publicUrl });
  await serveApp(app, config.distDir, config.publicUrl, renderer);
  return app;
}
