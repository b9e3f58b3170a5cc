// /metrics as Prometheus scrapes it: requests counted and timed under their route's pattern
// (never the raw URL; "unmatched" for no route), the response cache's hits and misses, the outboxes' depths,
// the database pool, the background passes and the event loop's lag; never cached; answered only to the
// addresses of METRICS_ALLOW (loopback by default, CIDRs too), judged by the client's address, not a trusted
// proxy's; and a METRICS_ALLOW that is not addresses stops the start with a Russian reason. What depends on the
// engine (the pool's figures, its one connection held) runs on both; the passes and the addresses on one.
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { readConfig } from '../../server/config.ts';
import { backends, oneBackend, startApp } from './harness.ts';
import { PATIENCE } from '../support/patience.ts';

const REFUSED = { message: 'Метрики отдаются только адресам из METRICS_ALLOW' };

interface Sample {
  name: string;
  labels: Record<string, string>;
  value: number;
}

/** The samples of Prometheus's text format (comments left out). */
function samples(text: string): Sample[] {
  return text
    .split('\n')
    .filter((line) => line && !line.startsWith('#'))
    .map((line) => {
      const [, name, labels = '', value] = line.match(/^(\w+)(?:\{(.*)\})? (\S+)$/)!;
      return {
        name,
        labels: Object.fromEntries([...labels.matchAll(/(\w+)="((?:[^"\\]|\\.)*)"/g)].map((m) => [m[1], m[2]])),
        value: Number(value),
      };
    });
}

/** The value of the one sample of `name` carrying `labels` (undefined when there is none). */
function valueOf(all: Sample[], name: string, labels: Record<string, string> = {}): number | undefined {
  const found = all.filter((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v));
  expect(found.length).toBeLessThanOrEqual(1);
  return found[0]?.value;
}

describe.each(backends)('metrics on $name', (backend) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(backend);
  });
  afterAll(() => app?.close());

  const get = (url: string, remoteAddress?: string, headers: Record<string, string> = {}) =>
    app.inject({ method: 'GET', url, headers, ...(remoteAddress ? { remoteAddress } : {}) });
  const scrape = async () => {
    const res = await get('/metrics');
    expect([res.statusCode, res.headers['content-type'], res.headers['cache-control']]).toEqual([
      200,
      'text/plain; version=0.0.4; charset=utf-8',
      'no-store',
    ]);
    return { text: res.body, all: samples(res.body) };
  };

  it('counts and times requests by route pattern and status, and reads the cache, the outboxes, the pool and the loop', async () => {
    const [{ id }] = await app.db.query<{ id: number }>('select id from products where active order by id limit 1');
    for (const url of [
      '/api/v1/offers/?limit=24&offset=0',
      '/api/v1/offers/?limit=24&offset=0',
      `/api/v1/product_offer/?categoryPath=kupalniki&pk=${id}`,
    ])
      expect((await get(url)).statusCode).toBe(200);
    expect((await get('/api/v1/brands/no-such-brand')).statusCode).toBe(404);
    expect((await get('/api/v1/no-such-endpoint')).statusCode).toBe(404);

    const { text, all } = await scrape();
    const requests = (route: string, status: string) => valueOf(all, 'shop_http_requests_total', { method: 'GET', route, status });
    expect(requests('/api/v1/offers/', '200')).toBe(2);
    expect(requests('/api/v1/product_offer/', '200')).toBe(1);
    expect(requests('/api/v1/brands/:slug', '404')).toBe(1);
    expect(requests('unmatched', '404')).toBe(1);
    // The pattern, never the address asked: no series per product, brand or query.
    expect(text).not.toMatch(/no-such|pk=|limit=/);
    const timed = { method: 'GET', route: '/api/v1/offers/', status: '200' };
    expect(valueOf(all, 'shop_http_request_duration_seconds_count', timed)).toBe(2);
    expect(valueOf(all, 'shop_http_request_duration_seconds_bucket', { ...timed, le: '+Inf' })).toBe(2);
    expect(valueOf(all, 'shop_http_request_duration_seconds_sum', timed)).toBeGreaterThan(0);

    // The listing twice: computed once, then answered from memory.
    expect(valueOf(all, 'shop_response_cache_lookups_total', { result: 'hit' })).toBeGreaterThanOrEqual(1);
    expect(valueOf(all, 'shop_response_cache_lookups_total', { result: 'miss' })).toBeGreaterThanOrEqual(2);

    for (const outbox of ['mail', 'push']) expect(valueOf(all, 'shop_outbox_depth', { outbox })).toBeGreaterThanOrEqual(0);
    const connections = valueOf(all, 'shop_db_pool_connections')!;
    expect(backend.name === 'PGlite' ? connections === 1 : connections >= 1).toBe(true);
    expect(valueOf(all, 'shop_db_pool_idle_connections')).toBeLessThanOrEqual(connections);
    expect(valueOf(all, 'shop_db_pool_waiting_queries')).toBeGreaterThanOrEqual(0);
    expect(valueOf(all, 'nodejs_eventloop_lag_seconds')).toBeGreaterThanOrEqual(0);
    expect(valueOf(all, 'nodejs_eventloop_lag_p99_seconds')).toBeGreaterThanOrEqual(0);
  });

  // What follows reads no engine's figures: on one engine (oneBackend).
  const engineFree = backend === oneBackend[0];

  it.runIf(engineFree)('times the background passes by name', async () => {
    // Push delivery runs every 2 s, mail every 3 s.
    await vi.waitFor(
      async () => {
        const { all } = await scrape();
        for (const pass of ['push delivery pass', 'mail delivery pass'])
          expect(valueOf(all, 'shop_background_pass_seconds_count', { pass })).toBeGreaterThanOrEqual(1);
      },
      { ...PATIENCE, interval: 500 },
    );
  });

  it.runIf(backend.name === 'PGlite')(
    'still answers while the one database connection is held (the scrape would hang otherwise), leaving the outbox depths out',
    async () => {
      let release!: () => void;
      const held = app.db.transaction(() => new Promise<void>((resolve) => (release = resolve)));
      try {
        const { all } = await scrape();
        expect(valueOf(all, 'shop_outbox_depth', { outbox: 'mail' })).toBeUndefined();
        expect(valueOf(all, 'shop_db_pool_idle_connections')).toBe(0);
        // The first scrape's two counts wait behind the transaction (a background pass may too); the next scrape waits for them.
        expect(valueOf((await scrape()).all, 'shop_db_pool_waiting_queries')).toBeGreaterThanOrEqual(2);
      } finally {
        release();
        await held;
      }
      expect(valueOf((await scrape()).all, 'shop_outbox_depth', { outbox: 'mail' })).toBeGreaterThanOrEqual(0);
    },
  );

  it.runIf(engineFree)('refuses an address outside METRICS_ALLOW, in Russian, and judges a proxied request by its client', async () => {
    const ask = async (remoteAddress: string, headers: Record<string, string> = {}) => {
      const res = await get('/metrics', remoteAddress, headers);
      return { status: res.statusCode, body: res.statusCode === 200 ? null : res.json(), cache: res.headers['cache-control'] };
    };
    expect(await ask('203.0.113.7')).toEqual({ status: 403, body: REFUSED, cache: 'no-store' });
    expect(await ask('::1')).toEqual({ status: 200, body: null, cache: 'no-store' });
    // Through the proxy on this host (TRUST_PROXY: loopback), the internet's client is refused.
    expect(await ask('127.0.0.1', { 'x-forwarded-for': '203.0.113.7' })).toEqual({ status: 403, body: REFUSED, cache: 'no-store' });
  });

  it.runIf(engineFree)('answers the subnets METRICS_ALLOW names, and no longer loopback', async () => {
    const scoped = await startApp(backend, { METRICS_ALLOW: '10.0.0.0/8, 2001:db8::/32' });
    try {
      const status = async (remoteAddress: string) => (await scoped.inject({ method: 'GET', url: '/metrics', remoteAddress })).statusCode;
      expect([await status('10.42.7.1'), await status('2001:db8::5'), await status('11.0.0.1'), await status('127.0.0.1')]).toEqual([
        200, 200, 403, 403,
      ]);
    } finally {
      await scoped.close();
    }
  });
});

describe('METRICS_ALLOW', () => {
  it('is loopback when unset', () => {
    const allow = readConfig({}).metricsAllow;
    expect([allow.check('127.0.0.1', 'ipv4'), allow.check('::1', 'ipv6'), allow.check('10.0.0.1', 'ipv4')]).toEqual([true, true, false]);
  });

  it('refuses to start on anything but addresses and CIDRs, naming the entry in Russian', () => {
    for (const entry of ['localhost', '10.0.0.0/33', '::1/129', '10.0.0.0/8/1', '10.0.0.0/x', '300.1.1.1'])
      expect(() => readConfig({ METRICS_ALLOW: `127.0.0.1, ${entry}` })).toThrow(
        `METRICS_ALLOW has an entry that is neither an address nor a subnet: ${entry} `,
      );
  });
});
