// The server's own calls of its public answers, for rendering pages: a public GET of the endpoint table
// answered in-process by the very handler route() registered, with the same request checks and the same
// response cache (one entry serves the API and the pages), and no request on the wire. The value is the
// answer's JSON read back, exactly what the page would get over HTTP.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { endpointPath, queryString } from '../../common/endpoints.ts';
import { MESSAGES, REFUSAL_STATUS, parse, routeKey } from '../http/public.ts';
import { Refusal } from '../refusal.ts';

export interface CallInput {
  params?: Record<string, string>;
  query?: Record<string, unknown>;
}

/** The entry is matched by its path: the page's rendering has its own copy of the endpoint table. */
export type PublicCall = (endpoint: { path: string }, input: CallInput) => Promise<unknown>;

/** The query as Fastify hands it to a route: every value as text, objects (the `data` filter) as JSON. */
const rawQuery = (query: Record<string, unknown> = {}): Record<string, string> =>
  Object.fromEntries(
    Object.entries(query)
      .filter(([, v]) => v !== undefined)
      .map(([k, v]) => [k, typeof v === 'object' ? JSON.stringify(v) : String(v)]),
  );

/** Handlers of public GETs set no headers and send nothing themselves; this reply only lets them chain. */
const quietReply = {
  header() {
    return this;
  },
  code() {
    return this;
  },
} as unknown as FastifyReply;

/** A refusal as the renderer reads it: an error with the HTTP status the API would have answered (entry-server.tsx). */
function withStatus(err: unknown): unknown {
  if (!(err instanceof Refusal)) return err;
  return Object.assign(new Error(err.message), { statusCode: REFUSAL_STATUS[err.kind] });
}

export function publicCaller(app: FastifyInstance): PublicCall {
  const call: PublicCall = async (endpoint, input) => {
    const route = app.publicRoutes.get(endpoint.path);
    if (!route) throw new Refusal('notFound', MESSAGES.notFound);
    const params = input.params ?? {};
    const raw = rawQuery(input.query);
    const url = `/api${endpointPath(route.endpoint.path, params as never)}${queryString(raw)}`;
    const answer = async () => {
      const query = route.endpoint.query ? parse(raw, route.endpoint.query) : raw;
      const req = { params, query, headers: {}, method: 'GET', url, ip: '127.0.0.1', log: app.log } as unknown as FastifyRequest;
      return JSON.stringify(await route.handler(req, quietReply));
    };
    if (!app.hasDecorator('responseCache')) return JSON.parse(await answer()) as unknown;
    // The same entry as the API's answer to this URL: one computation serves both.
    const key = routeKey(app.responseCache, url, raw, { ...route.cache, hasQuery: route.endpoint.query !== undefined });
    const stored = await app.responseCache.getOrCompute(key, async () => ({ body: await answer() }));
    return JSON.parse(stored.identity.toString()) as unknown;
  };
  return (endpoint, input) =>
    call(endpoint, input).catch((err: unknown) => {
      throw withStatus(err);
    });
}
