// The response cache of public answers as an app-wide plugin: one cache per process (server/http/
// response-cache.ts), its generations following the catalogue's notices (catalogue-notices.ts); a line
// with its counts is logged every minute it was used, and when the server closes. Routes join it through
// route() (server/http/endpoint-route.ts).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ResponseCache } from '../http/public.ts';

declare module 'fastify' {
  interface FastifyInstance {
    responseCache: ResponseCache;
  }
}

const STATS_EVERY_MS = 60_000;

async function responseCache(app: FastifyInstance): Promise<void> {
  const cache = new ResponseCache(app.config.responseCacheBytes);
  app.decorate('responseCache', cache);
  app.decorateRequest('responseCacheKey', null);
  app.catalogueNotices.subscribe({
    version: (v) => cache.setCatalogueVersion(v),
    products: (ids) => (ids === 'all' ? cache.allProductsChanged() : cache.productsChanged(ids)),
  });

  let logged = '';
  const logStats = () => {
    const stats = cache.stats();
    const line = JSON.stringify(stats);
    if (line !== logged) app.log.info(stats, 'response cache');
    logged = line;
  };
  const timer = setInterval(logStats, STATS_EVERY_MS).unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    logStats();
  });
}

export default fp(responseCache, { name: 'response-cache', dependencies: ['catalogue-notices'] });
