// The hooks that put a public GET route behind the response cache (response-cache.ts): the first hook of the
// route answers a hit straight from memory (no database, no serialisation, no compression, written to the
// socket directly), a 304 when the shopper's copy is current; a miss runs the route, and its 200 is stored
// and sent in the encoding the shopper accepts, compressed once for every later request.
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest, RouteShorthandOptions } from 'fastify';
import { cacheKey } from './cache-key.ts';
import type { CachedAnswer, ResponseCache } from './response-cache.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while this request computes the answer the cache stores under this key. */
    responseCacheKey: string | null;
  }
}

type Encoding = 'br' | 'gzip' | 'identity';
const negotiator = new Negotiator<Encoding>({ supportedValues: ['br', 'gzip', 'identity'] });
const encodingFor = (req: FastifyRequest): Encoding => {
  const header = req.headers['accept-encoding'];
  return (typeof header === 'string' && negotiator.negotiate(header)) || 'identity';
};

/** Each encoding is its own representation, so it has its own strong ETag; all share the hash of the bytes. */
const etagOf = (a: CachedAnswer, enc: Encoding) => (enc === 'identity' ? a.etag : `${a.etag.slice(0, -1)}-${enc}"`);
const isCurrent = (req: FastifyRequest, a: CachedAnswer) => {
  const sent = req.headers['if-none-match'];
  return typeof sent === 'string' && sent.includes(a.etag.slice(1, -1));
};

const JSON_TYPE = 'application/json; charset=utf-8';

/** A hit: the status line, the headers set so far (security headers) and the bytes, straight to the socket. */
function sendCached(req: FastifyRequest, reply: FastifyReply, answer: CachedAnswer): void {
  reply.hijack();
  const enc = encodingFor(req);
  const headers: Record<string, string | number | string[]> = {
    ...(reply.getHeaders() as Record<string, string | number | string[]>),
    'content-type': JSON_TYPE,
    'cache-control': 'no-cache',
    vary: 'accept-encoding',
    etag: etagOf(answer, enc),
  };
  if (isCurrent(req, answer)) {
    reply.raw.writeHead(304, headers);
    reply.raw.end();
    return;
  }
  const body = answer[enc];
  if (enc !== 'identity') headers['content-encoding'] = enc;
  headers['content-length'] = body.length;
  reply.raw.writeHead(200, headers);
  reply.raw.end(req.method === 'HEAD' ? undefined : body);
}

export interface CacheOptions {
  /** The product a request's answer shows the stock of (product pages): its key follows that product's changes. */
  productOf?: (query: Record<string, unknown>) => number | undefined;
}

export function cacheHooks(
  cache: ResponseCache,
  opts: CacheOptions = {},
): Pick<RouteShorthandOptions, 'onRequest' | 'onSend' | 'onResponse' | 'onRequestAbort'> {
  const release = async (req: FastifyRequest) => {
    if (req.responseCacheKey !== null) cache.computed(req.responseCacheKey, null);
  };
  return {
    onRequest: async (req, reply) => {
      req.responseCacheKey = null;
      const product = opts.productOf?.(req.query as Record<string, unknown>);
      const key = `${cache.generation(product)}|${cacheKey(req.url)}`;
      const answer = cache.get(key) ?? (await cache.join(key));
      if (answer) return sendCached(req, reply, answer);
      req.responseCacheKey = key;
    },
    onSend: async (req, reply, payload) => {
      const key = req.responseCacheKey;
      if (key === null) return payload;
      req.responseCacheKey = null;
      const ok = reply.statusCode === 200 && (typeof payload === 'string' || Buffer.isBuffer(payload));
      const answer = cache.computed(key, ok ? (payload as string | Buffer) : null);
      if (!answer) return payload;
      // This request is answered from the stored form too: compressed once, not again by @fastify/compress.
      const enc = encodingFor(req);
      reply.header('vary', 'accept-encoding').header('etag', etagOf(answer, enc));
      if (isCurrent(req, answer)) {
        reply.code(304);
        return '';
      }
      if (enc !== 'identity') reply.header('content-encoding', enc);
      return answer[enc];
    },
    // A request that ended without storing (aborted, or failed past onSend) releases whoever waits for it.
    onResponse: release,
    onRequestAbort: release,
  };
}
