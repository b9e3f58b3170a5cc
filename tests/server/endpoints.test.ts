// The endpoint table (common/endpoints.ts) and the server agree: every route the server answers under /api
// is in the table with its method and path, and every entry of the table is a route, registered from that
// very entry (so with its query, body and answer structs and its access); the access decides the headers
// and whether the server looks at who asks; nothing the table marks for offline keeping is private.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { type EndpointInfo } from '../../common/endpoints.ts';
import { ENDPOINT_LIST } from '../../common/endpoint-list.ts';
import { TOKEN_COOKIE } from '../../common/storage-keys.ts';
import { oneBackend, startApp } from './harness.ts';
import { sberbankEnv } from '../support/sberbank-bank.ts';
import type {} from '../../server/plugins/route-list.ts'; // its augmentation: app.routeList

const normal = (path: string) => path.replace(/\/+$/, '');

describe.each(oneBackend)('the endpoint table on $name', (backend) => {
  let app: FastifyInstance;
  /** The same shop paid through the bank: each payment provider brings its own routes. */
  let banked: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(backend);
    banked = await startApp(backend, sberbankEnv('http://127.0.0.1:9'));
  });
  afterAll(async () => {
    await app?.close();
    await banked?.close();
  });

  it('lists exactly the routes the server answers under /api (with either payment provider)', () => {
    const served = [
      ...new Set(
        [...app.routeList, ...banked.routeList].filter((r) => r.url.startsWith('/api/')).map((r) => normal(`${r.method} ${r.url}`)),
      ),
    ].sort();
    const table = ENDPOINT_LIST.map((e) => normal(`${e.method} /api${e.path}`)).sort();
    expect(served.length).toBeGreaterThan(60);
    expect(table).toEqual(served);
  });

  it('registers each route from its own entry of the table: its structs and its access', () => {
    for (const served of [app, banked]) {
      const routes = served.routeList.filter((r) => r.url.startsWith('/api/'));
      for (const r of routes) {
        const entry = ENDPOINT_LIST.find((e) => e.method === r.method && normal(`/api${e.path}`) === normal(r.url));
        expect(r.endpoint === entry, `${r.method} ${r.url} was registered from another entry than the table's`).toBe(true);
      }
    }
  });

  /** The entry's path with each parameter filled in, as a client that knows nothing valid would call it. */
  const filled = (e: EndpointInfo) => `/api${e.path.replace(/:[^/]+/g, 'x').replace('*', 'x')}`;

  it('private and staff entries learn who asks and are stored nowhere; public ones never look at who asks', async () => {
    const seen: { entry: string; access: string; noStore: boolean; lookedAtToken: boolean }[] = [];
    for (const served of [app, banked]) {
      for (const r of served.routeList.filter((x) => x.url.startsWith('/api/') && x.endpoint)) {
        const e = r.endpoint!;
        // A token that no longer works: a route that looks at who asks drops its cookie.
        const res = await served.inject({ method: e.method, url: filled(e), headers: { cookie: `${TOKEN_COOKIE}=stale-token-0000` } });
        const cookies = [res.headers['set-cookie'] ?? []].flat();
        seen.push({
          entry: `${e.method} ${e.path}`,
          access: e.access,
          noStore: res.headers['cache-control'] === 'no-store',
          lookedAtToken: cookies.some((c) => c.startsWith(`${TOKEN_COOKIE}=;`)),
        });
      }
    }
    const wrong = seen.filter((x) => x.noStore !== (x.access !== 'public') || x.lookedAtToken !== (x.access !== 'public'));
    expect(wrong).toEqual([]);
    expect(seen.filter((x) => x.access === 'private').length).toBeGreaterThan(40);
    expect(seen.filter((x) => x.access === 'staff').length).toBeGreaterThanOrEqual(6);
  });

  it('keeps for offline use only public GETs', () => {
    for (const e of ENDPOINT_LIST.filter((x) => x.offline))
      expect({ path: e.path, method: e.method, access: e.access }).toEqual({ path: e.path, method: 'GET', access: 'public' });
  });
});
