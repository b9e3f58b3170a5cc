// The series /metrics carries besides the background passes' (lib/metrics.ts): every request by its route's
// pattern, the response cache's lookups, the outboxes' depths, the database pool's use, and the process's own
// (prom-client's defaults: event-loop lag, memory, CPU, GC). What another part already counts is read when
// Prometheus scrapes (prom-client's collect), never counted twice; only the outboxes cost a query, bounded.
import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, type Registry } from 'prom-client';
import { mailOutboxDepth } from '../mail/public.ts';
import { pushOutboxDepth } from '../push/public.ts';

/** The route label of a request no route matched (a page, a missing file): raw URLs would make a series each. */
const UNMATCHED = 'unmatched';

/** How long a scrape waits for the outboxes' counts; a slower database leaves the depth out, never fails the scrape. */
const DEPTH_WAIT_MS = 1_000;

/** Every request, counted and timed under its method, its route's pattern ("/api/v1/products/:slug") and status. */
function requestSeries(app: FastifyInstance, registers: Registry[]): void {
  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({ name: 'shop_http_requests_total', help: 'Requests answered', labelNames, registers });
  const seconds = new Histogram({ name: 'shop_http_request_duration_seconds', help: 'Time to answer a request', labelNames, registers });
  // A callback hook, not an async one: every request passes here.
  app.addHook('onResponse', (req, reply, done) => {
    const labels = { method: req.method, route: req.routeOptions.url ?? UNMATCHED, status: reply.statusCode };
    requests.inc(labels);
    seconds.observe(labels, reply.elapsedTime / 1000);
    done();
  });
}

/** The response cache's own counts (http/response-cache.ts), read as they are; none when the cache is off. */
function cacheSeries(app: FastifyInstance, registers: Registry[]): void {
  new Counter({
    name: 'shop_response_cache_lookups_total',
    help: 'Response cache lookups: hit, miss, or joined (waited for the same answer being computed)',
    labelNames: ['result'],
    registers,
    collect() {
      if (!app.hasDecorator('responseCache')) return;
      const { hits, misses, joined } = app.responseCache.stats();
      this.reset();
      this.inc({ result: 'hit' }, hits);
      this.inc({ result: 'miss' }, misses);
      this.inc({ result: 'joined' }, joined);
    },
  });
}

/** The outboxes' depths: one count in flight at a time however often Prometheus asks, and a scrape waits for it DEPTH_WAIT_MS at most. */
function outboxSeries(app: FastifyInstance, registers: Registry[]): void {
  let counting: Promise<[number, number]> | null = null;
  new Gauge({
    name: 'shop_outbox_depth',
    help: `Messages waiting to be sent, by outbox; absent when the database did not answer within ${DEPTH_WAIT_MS} ms`,
    labelNames: ['outbox'],
    registers,
    async collect() {
      counting ??= Promise.all([mailOutboxDepth(app.db), pushOutboxDepth(app.db)]).finally(() => (counting = null));
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<null>((resolve) => (timer = setTimeout(() => resolve(null), DEPTH_WAIT_MS)));
      const depths = await Promise.race([counting, late]).catch(() => null);
      clearTimeout(timer);
      this.reset();
      if (!depths) return;
      this.set({ outbox: 'mail' }, depths[0]);
      this.set({ outbox: 'push' }, depths[1]);
    },
  });
}

/** The database's connections (Db.poolUse: pg's pool, or PGlite's one connection and its queue). */
function poolSeries(app: FastifyInstance, registers: Registry[]): void {
  const gauge = (name: string, help: string, key: 'connections' | 'idle' | 'waiting') =>
    new Gauge({
      name,
      help,
      registers,
      collect() {
        this.set(app.db.poolUse()[key]);
      },
    });
  gauge('shop_db_pool_connections', 'Database connections open', 'connections');
  gauge('shop_db_pool_idle_connections', 'Database connections open and idle', 'idle');
  gauge('shop_db_pool_waiting_queries', 'Queries waiting for a database connection', 'waiting');
}

export function addSeries(app: FastifyInstance, registry: Registry): void {
  const registers = [registry];
  collectDefaultMetrics({ register: registry });
  requestSeries(app, registers);
  cacheSeries(app, registers);
  poolSeries(app, registers); // read before the outboxes' counts take the connection
  outboxSeries(app, registers);
}
