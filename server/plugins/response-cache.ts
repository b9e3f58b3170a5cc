// The response cache of public answers as an app-wide plugin: one cache per process (server/http/
// response-cache.ts), its generations fed by the database's notices (LISTEN catalogue_version and
// product_stock, migration 004) and read once at start; a line with its counts is logged every minute
// it was used, and when the server closes. Routes join it through route() (server/http/endpoint-route.ts).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ResponseCache } from '../http/response-cache.ts';

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

  const readVersion = async () => {
    const [row] = await app.db.query<{ version: string | number }>('select version from catalogue_version');
    if (row) cache.setCatalogueVersion(Number(row.version));
  };
  // A gap (the listening connection was lost): the version is read again and every product page recomputed.
  const gap = () => {
    cache.allProductsChanged();
    void readVersion().catch((err: unknown) => app.log.warn({ err }, 'catalogue version not read after a gap'));
  };
  const unlisten = [
    await app.db.listen('catalogue_version', (payload) => cache.setCatalogueVersion(Number(payload)), gap),
    await app.db.listen(
      'product_stock',
      (payload) => (payload === '*' ? cache.allProductsChanged() : cache.productsChanged(payload.split(',').map(Number))),
      gap,
    ),
  ];
  await readVersion();

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
    for (const stop of unlisten) await stop().catch(() => undefined);
  });
}

export default fp(responseCache, { name: 'response-cache' });
