// Routes registered from the endpoint table (server/http/endpoint-route.ts): every entry's body and query are
// checked before its handler runs, on every route of the real app; and an answer that drifts from its struct
// fails loudly where CHECK_ANSWERS asks for it (the tests, the end-to-end run) and costs nothing elsewhere.
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { object, string, type } from 'superstruct';
import { endpointPath, type Endpoint } from '../../common/endpoints.ts';
import { ENDPOINT_LIST } from '../../common/endpoint-list.ts';
import { readConfig } from '../../server/config.ts';
import { route } from '../../server/http/endpoint-route.ts';
import { registerErrorHandling } from '../../server/http/errors.ts';
import { oneBackend, startApp } from './harness.ts';
import { staffAtDesk } from './staff-helpers.ts';
import type {} from '../../server/plugins/route-list.ts'; // its augmentation: app.routeList

const RUSSIAN = /[а-яё]/i;
/** Any path parameter filled with a plausible value, so the request reaches the route. */
const samplePath = (path: string) =>
  `/api${endpointPath(path, { '*': 'kupalniki', slug: 'x', id: 'x', path: 'x', scope: 'new', item_uuid: 'x', provider: 'vk-oauth2' } as never)}`;

describe.each(oneBackend)('routes of the endpoint table on $name', (backend) => {
  let app: FastifyInstance;
  /** Staff entries admit only the staff before they check a body or a query: the test calls them as staff. */
  let asCaller: (e: { access: string }) => Record<string, string>;
  beforeAll(async () => {
    app = await startApp(backend, { STAFF_EMAILS: 'desk@moreimoda.test' });
    const { token, staff } = await staffAtDesk(app, 'desk@moreimoda.test');
    const desk = { authorization: `Token ${token}`, cookie: `desk=${staff.cookies.get('desk')}` };
    asCaller = (e): Record<string, string> => (e.access === 'staff' ? desk : {});
  });
  afterAll(() => app?.close());

  it('refuse a body that does not fit its struct with a Russian 400 before the handler runs', async () => {
    const withBody = ENDPOINT_LIST.filter((e) => e.body);
    expect(withBody.length).toBeGreaterThan(25);
    for (const e of withBody) {
      const res = await app.inject({ method: e.method, url: samplePath(e.path), payload: [[1]], headers: asCaller(e) });
      expect({ route: `${e.method} ${e.path}`, status: res.statusCode }).toEqual({ route: `${e.method} ${e.path}`, status: 400 });
      expect(res.json().message).toMatch(RUSSIAN);
    }
  });

  it('refuse a query that does not fit its struct with a Russian 400', async () => {
    // The routes this app serves (the bank's exist only with PAYMENT_PROVIDER=sberbank; sberbank.test.ts sends them bad queries).
    const served = new Set(app.routeList.map((r) => `${r.method} ${r.url}`));
    const withQuery = ENDPOINT_LIST.filter((e) => e.query && served.has(`${e.method} /api${e.path}`));
    expect(withQuery.length).toBeGreaterThan(8);
    for (const e of withQuery) {
      const res = await app.inject({ method: e.method, url: `${samplePath(e.path)}?limit=lots&unknown=1`, headers: asCaller(e) });
      expect({ route: `${e.method} ${e.path}`, status: res.statusCode }).toEqual({ route: `${e.method} ${e.path}`, status: 400 });
      expect(res.json().message).toMatch(RUSSIAN);
    }
  });
});

describe('answers checked against the contract', () => {
  const drifting: Endpoint<{ name: string }, { id: string }, unknown, '/v1/thing/:id'> = {
    method: 'POST',
    path: '/v1/thing/:id',
    body: object({ id: string() }),
    answer: type({ name: string() }),
    access: 'public',
  };

  async function appWith(checkAnswers: '1' | '') {
    const app = Fastify();
    app.decorate('config', readConfig({ CHECK_ANSWERS: checkAnswers }));
    registerErrorHandling(app);
    // The handler answers a shape its entry does not have (a server bug the check is there to catch).
    route(app, drifting, async (req) => ({ title: req.params.id }) as never);
    await app.ready();
    return app;
  }

  it('a drifted answer is a 500 where CHECK_ANSWERS is on, and is sent unchecked where it is off', async () => {
    const checked = await appWith('1');
    const res = await checked.inject({ method: 'POST', url: '/v1/thing/7', payload: { id: '7' } });
    expect(res.statusCode).toBe(500);
    await checked.close();

    const unchecked = await appWith('');
    const sent = await unchecked.inject({ method: 'POST', url: '/v1/thing/7', payload: { id: '7' } });
    expect(sent.statusCode).toBe(200);
    expect(sent.json()).toEqual({ title: '7' });
    await unchecked.close();
  });

  it('the handler gets the checked body, typed; a bad one never reaches it', async () => {
    const app = await appWith('1');
    const res = await app.inject({ method: 'POST', url: '/v1/thing/7', payload: { id: 7 } });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({ message: 'Неверное значение поля «id»' });
    await app.close();
  });
});
