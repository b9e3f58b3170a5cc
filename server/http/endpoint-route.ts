// Registers a route of the endpoint table (common/endpoints.ts): the method and path come from the entry,
// its query and body are checked against the entry's structs before the handler runs (a 400 with the
// Russian reason when they do not fit), so a handler cannot forget the check and gets the coerced values
// typed. A public GET's answers go through the response cache (cached-answers.ts). Answers are checked
// against the entry's answer struct only where the config asks (the tests and the end-to-end run:
// CHECK_ANSWERS), off the production path.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify';
import { ErrorBody } from '../../common/contract/base.ts';
import type { Endpoint, PathParams } from '../../common/endpoints.ts';
import { check } from '../../common/validate.ts';
import { parse } from './contract.ts';
import { cacheHooks, type CacheOptions } from './cached-answers.ts';

interface EndpointGeneric<B, Q, P extends string> extends RouteGenericInterface {
  Params: PathParams<P>;
  Querystring: Q;
  Body: B;
}

/** The request a handler of the entry gets: its path's parameters, and its query and body already checked. */
export type EndpointRequest<B, Q, P extends string> = FastifyRequest<EndpointGeneric<B, Q, P>>;

/**
 * A handler answers the entry's answer (sent as JSON), a refusal's `{ message }` with its 4xx status set
 * (an idempotent call's stored refusal), or the reply it has sent itself (a page, a redirect).
 */
export type EndpointHandler<A, B, Q, P extends string> = (
  req: EndpointRequest<B, Q, P>,
  reply: FastifyReply,
) => Promise<A | ErrorBody | FastifyReply>;

/** A public GET as route() registered it: what the server's own page rendering calls in-process (render/public-call.ts). */
export interface PublicRoute {
  endpoint: Endpoint<unknown, unknown, unknown, string>;
  handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>;
  cache: CacheOptions;
}

declare module 'fastify' {
  interface FastifyInstance {
    /** Every public GET of the endpoint table, by its path ("/v1/brands/:slug"; decorated by app.ts). */
    publicRoutes: Map<string, PublicRoute>;
  }
}

export function route<A, B, Q, P extends string>(
  app: FastifyInstance,
  endpoint: Endpoint<A, B, Q, P>,
  handler: EndpointHandler<A, B, Q, P>,
  cache: CacheOptions = {},
): void {
  const { query, body, answer } = endpoint;
  const isPublic = endpoint.method === 'GET' && endpoint.access === 'public' && answer !== null;
  const cached = isPublic && app.hasDecorator('responseCache');
  if (isPublic && app.hasDecorator('publicRoutes')) {
    app.publicRoutes.set(endpoint.path, { endpoint, handler: handler as unknown as PublicRoute['handler'], cache } as PublicRoute);
  }
  app.route<EndpointGeneric<B, Q, P>>({
    method: endpoint.method,
    url: endpoint.path,
    ...(cached ? cacheHooks(app.responseCache, { ...cache, hasQuery: query !== undefined }) : {}),
    preValidation: async (req) => {
      if (query) req.query = parse(req.query, query);
      if (body) req.body = parse(req.body, body);
    },
    ...(app.config.checkAnswers && answer
      ? {
          // A JSON answer that drifted from the contract is a server bug: it fails loudly (a 500 and a log
          // line) in the tests, instead of reaching a page that would read it as a failed load.
          preSerialization: async (_req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
            const checked = reply.statusCode < 300 ? check(payload, answer) : check(payload, ErrorBody);
            if (!checked.ok)
              throw new Error(`${endpoint.method} ${endpoint.path}: the answer does not fit the contract: ${checked.message}`);
            return payload;
          },
        }
      : {}),
    handler,
  });
}
