// The app's own Prometheus registry (prom-client; never the package's global one, so several apps in one
// process, as in the tests, do not clash), with the one series a lower layer feeds: how long each background
// pass takes (run-every.ts). It lives here, at the bottom, so every pass reaches it; the metrics plugin
// (plugins/metrics.ts) makes it, decorates the app with it and adds everything read at scrape time.
import { Histogram, Registry } from 'prom-client';

export interface ShopMetrics {
  registry: Registry;
  passSeconds: Histogram<'pass'>;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Absent on an app built without the metrics plugin (a test's bare Fastify). */
    metrics?: ShopMetrics;
  }
}

export function newMetrics(): ShopMetrics {
  const registry = new Registry();
  const passSeconds = new Histogram({
    name: 'shop_background_pass_seconds',
    help: 'How long a background pass (mail and push delivery, unpaid orders, housekeeping) took',
    labelNames: ['pass'],
    buckets: [0.005, 0.025, 0.1, 0.5, 1, 5, 15, 60, 300],
    registers: [registry],
  });
  return { registry, passSeconds };
}
