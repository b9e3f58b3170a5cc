// The endpoint table (common/endpoints.ts) and the server agree: every route the server answers under /api
// is in the table with its method and path, and every entry of the table is a route; nothing the table
// marks for offline keeping is private.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ENDPOINT_LIST } from '../../common/endpoints.ts';
import { backends, startApp } from './harness.ts';
import { sberbankEnv } from '../support/sberbank-bank.ts';
import type {} from '../../server/plugins/route-list.ts'; // its augmentation: app.routeList

const normal = (path: string) => path.replace(/\/+$/, '');

describe.each(backends.slice(0, 1))('the endpoint table on $name', (backend) => {
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

  it('keeps for offline use only public GETs', () => {
    for (const e of ENDPOINT_LIST.filter((x) => x.offline))
      expect({ path: e.path, method: e.method, access: e.access }).toEqual({ path: e.path, method: 'GET', access: 'public' });
  });
});
