// Registers a route of the endpoint table (common/endpoints.ts), everything about it derived from its entry:
// the method and path; its query and body checked against the entry's structs before the handler runs (a 400
// with the Russian reason when they do not fit), so a handler cannot forget the check and gets the coerced
// values typed; its access: a private entry resolves who asks (identify) before anything else and is sent
// `cache-control: no-store`, whatever its status (a staff entry also refuses everyone but the shop's staff
// before its checks run), while a public GET's answers go through the response cache
// (cached-answers.ts). Answers are checked against the entry's answer (a struct, or the kind of page) only
// where the config asks (the tests and the end-to-end run: CHECK_ANSWERS), off the production path. The
// entry rides on the route's config, so the endpoint test holds what was registered to the table.
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteGenericInterface } from 'fastify';
import { ErrorBody } from '../../common/contract/base.ts';
import type { Endpoint, OtherAnswer, PathParams } from '../../common/endpoints.ts';
import { check } from '../../common/validate.ts';
import { parse } from './contract.ts';
import { cacheHooks, type CacheOptions } from './cached-answers.ts';
import { admitStaff, identify } from './identity.ts';

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

const OTHER_TYPES: Record<OtherAnswer, RegExp> = {
  html: /^text\/html/,
  redirect: /.*/,
  text: /^text\/plain/,
  script: /^text\/javascript/,
  csv: /^text\/csv/,
  events: /^text\/event-stream/,
  pdf: /^application\/pdf/,
};

/** Why an answer is not of its entry's kind: a page of HTML, a redirect (3xx), text, a script; a refusal may be JSON. */
function otherAnswerProblem(kind: OtherAnswer, status: number, type: string): string | null {
  if (status >= 400) return /^(application\/json|text\/html)/.test(type) ? null : `a refusal sent as ${type}`;
  if (kind === 'redirect') return status >= 300 && status < 400 ? null : `status ${status}, not a redirect`;
  if (status >= 300) return `a redirect where ${kind} is answered`;
  return OTHER_TYPES[kind].test(type) ? null : `${type}, not ${kind}`;
}

export function route<A, B, Q, P extends string>(
  app: FastifyInstance,
  endpoint: Endpoint<A, B, Q, P>,
  handler: EndpointHandler<A, B, Q, P>,
  cache: CacheOptions = {},
): void {
  const { query, body, answer } = endpoint;
  const isPrivate = endpoint.access !== 'public';
  const isStaff = endpoint.access === 'staff';
  const isPublic = endpoint.method === 'GET' && !isPrivate && typeof answer !== 'string';
  const cached = isPublic && app.hasDecorator('responseCache');
  if (isPublic && app.hasDecorator('publicRoutes')) {
    app.publicRoutes.set(endpoint.path, { endpoint, handler: handler as unknown as PublicRoute['handler'], cache } as PublicRoute);
  }
  const onSend: ((req: FastifyRequest, reply: FastifyReply) => Promise<void>)[] = [];
  // One shopper's answer (and refusal) is stored by no browser and no proxy.
  if (isPrivate) onSend.push(async (_req, reply) => void reply.header('cache-control', 'no-store'));
  const drifted = (why: string) => new Error(`${endpoint.method} ${endpoint.path}: the answer does not fit the contract: ${why}`);
  if (app.config.checkAnswers && typeof answer === 'string') {
    // A page, a redirect, text or a script: of its kind, or a refusal's JSON.
    onSend.push(async (_req, reply) => {
      const problem = otherAnswerProblem(answer, reply.statusCode, String(reply.getHeader('content-type') ?? ''));
      if (problem) throw drifted(problem);
    });
  }
  if (cached && onSend.length) throw new Error(`${endpoint.path}: a cached answer has no hooks of its own`);
  app.route<EndpointGeneric<B, Q, P>>({
    method: endpoint.method,
    url: endpoint.path,
    config: { endpoint },
    ...(cached ? cacheHooks(app.responseCache, { ...cache, hasQuery: query !== undefined }) : {}),
    ...(isPrivate
      ? {
          onRequest: async (req: FastifyRequest, reply: FastifyReply) => {
            await identify(app, req, reply);
            if (isStaff) await admitStaff(app, req);
          },
        }
      : {}),
    ...(onSend.length ? { onSend } : {}),
    preValidation: async (req) => {
      if (query) req.query = parse(req.query, query);
      if (body) req.body = parse(req.body, body);
    },
    ...(app.config.checkAnswers && typeof answer !== 'string'
      ? {
          // A JSON answer that drifted from the contract is a server bug: it fails loudly (a 500 and a log
          // line) in the tests, instead of reaching a page that would read it as a failed load.
          preSerialization: async (_req: FastifyRequest, reply: FastifyReply, payload: unknown) => {
            const checked = reply.statusCode < 300 ? check(payload, answer) : check(payload, ErrorBody);
            if (!checked.ok) throw drifted(checked.message);
            return payload;
          },
        }
      : {}),
    handler,
  });
}
