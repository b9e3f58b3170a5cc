// /metrics: the process's series in Prometheus's text format (prom-client, lib/metrics.ts and metrics-series.ts),
// answered only to the addresses of METRICS_ALLOW (loopback by default); anyone else is refused in Russian (403).
// A plugin here, beside health: it reads the mail, push and database areas, which sit below plugins/, and its
// registry sits in lib/ so the background passes beneath them all can feed it. Never cached; Fastify logs it
// only at debug level, like every request.
import { isIPv6 } from 'node:net';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { newMetrics } from '../lib/public.ts';
import { Refusal } from '../refusal.ts';
import { addSeries } from './metrics-series.ts';

const REFUSED = 'Метрики отдаются только адресам из METRICS_ALLOW';

async function metrics(app: FastifyInstance): Promise<void> {
  const shop = newMetrics();
  app.decorate('metrics', shop);
  addSeries(app, shop.registry);

  app.get('/metrics', async (req, reply) => {
    reply.header('cache-control', 'no-store');
    // req.ip, not the socket's address: behind a proxy this host trusts (TRUST_PROXY, loopback by default) the
    // socket is the proxy's, so a shop proxied as a whole would let the internet in as 127.0.0.1; req.ip is the
    // client the proxy names. A scraper asks the process directly, and then req.ip is the socket's address.
    if (!app.config.metricsAllow.check(req.ip, isIPv6(req.ip) ? 'ipv6' : 'ipv4')) throw new Refusal('forbidden', REFUSED);
    return reply.type(shop.registry.contentType).send(await shop.registry.metrics());
  });
}

export default fp(metrics, { name: 'metrics' });
