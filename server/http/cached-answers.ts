// The hooks that put a public GET route behind the response cache (response-cache.ts): the first hook of the
// route answers a hit straight from memory (no database, no serialisation, no compression, written to the
// socket directly), a 304 when the shopper's copy is current; a miss runs the route, and its 200 is stored
// and sent in the encoding the shopper accepts, compressed once for every later request.
import type { FastifyRequest, RouteShorthandOptions } from 'fastify';
import type { ResponseCache } from './response-cache.ts';
import { encodingFor, etagOf, isCurrent, sendStored } from './stored-response.ts';

declare module 'fastify' {
  interface FastifyRequest {
    /** Set while this request computes the answer the cache stores under this key. */
    responseCacheKey: string | null;
  }
}

const JSON_HEADERS = { 'content-type': 'application/json; charset=utf-8', 'cache-control': 'no-cache' };

export interface CacheOptions {
  /** The product a request's answer shows the stock of (product pages): its key follows that product's changes. */
  productOf?: (query: Record<string, unknown>) => number | undefined;
}

/** The cache's key of a request to this route (its URL, and its query only when the route reads one). */
export const routeKey = (cache: ResponseCache, url: string, query: Record<string, unknown>, opts: CacheOptions & { hasQuery: boolean }) =>
  cache.keyOf(url, { productId: opts.productOf?.(query), query: opts.hasQuery });

export function cacheHooks(
  cache: ResponseCache,
  opts: CacheOptions & { hasQuery: boolean },
): Pick<RouteShorthandOptions, 'onRequest' | 'onSend' | 'onResponse' | 'onRequestAbort'> {
  const release = async (req: FastifyRequest) => {
    if (req.responseCacheKey !== null) cache.computed(req.responseCacheKey, null);
  };
  return {
    onRequest: async (req, reply) => {
      req.responseCacheKey = null;
      const key = routeKey(cache, req.url, req.query as Record<string, unknown>, opts);
      const answer = cache.get(key) ?? (await cache.join(key));
      if (answer) return sendStored(req, reply, answer, JSON_HEADERS);
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
      const enc = encodingFor(req, answer);
      reply.header('vary', 'accept-encoding').header('etag', etagOf(answer, enc));
      if (isCurrent(req, answer)) {
        reply.code(304);
        return '';
      }
      if (enc !== 'identity') reply.header('content-encoding', enc);
      return answer[enc] ?? answer.identity;
    },
    // A request that ended without storing (aborted, or failed past onSend) releases whoever waits for it.
    onResponse: release,
    onRequestAbort: release,
  };
}
