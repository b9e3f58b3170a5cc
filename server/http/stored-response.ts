// An answer kept in memory in the three encodings a browser may take (identity, brotli, gzip) with a strong
// ETag, and how it is sent: the encoding negotiated from Accept-Encoding, a 304 when the browser's copy is
// current, and the bytes written straight to the socket with the headers set so far (the security
// headers), past serialisation, compression and the ETag hook. The response cache (cached answers of the
// API) and the built app's hashed assets are both sent this way.
import { createHash } from 'node:crypto';
import { Negotiator } from '@fastify/accept-negotiator';
import type { FastifyReply, FastifyRequest } from 'fastify';

export interface StoredResponse {
  identity: Buffer;
  /** Absent where compressing did not pay (a file the build left uncompressed). */
  br?: Buffer;
  gzip?: Buffer;
  /** Strong: a hash of the identity bytes. */
  etag: string;
  /** The answer's status (a page's 404); 200 when absent. */
  status?: number;
}

export type Encoding = 'br' | 'gzip' | 'identity';
const negotiators = new Map<string, Negotiator<Encoding>>();

/** The encoding to send r in: the browser's preferred one among those r has, else identity. */
export function encodingFor(req: FastifyRequest, r: StoredResponse): Encoding {
  const header = req.headers['accept-encoding'];
  if (typeof header !== 'string' || (!r.br && !r.gzip)) return 'identity';
  const offered: Encoding[] = [...(r.br ? (['br'] as const) : []), ...(r.gzip ? (['gzip'] as const) : []), 'identity'];
  const name = offered.join();
  let negotiator = negotiators.get(name);
  if (!negotiator) negotiators.set(name, (negotiator = new Negotiator<Encoding>({ supportedValues: offered })));
  return negotiator.negotiate(header) ?? 'identity';
}

export const strongEtag = (bytes: Buffer) => `"${createHash('sha1').update(bytes).digest('base64url')}"`;

/** Each encoding is its own representation, so it has its own strong ETag; all share the hash of the bytes. */
export const etagOf = (r: StoredResponse, enc: Encoding) => (enc === 'identity' ? r.etag : `${r.etag.slice(0, -1)}-${enc}"`);

/** Whether the browser's copy (If-None-Match, in any of the encodings) is this one. */
export function isCurrent(req: FastifyRequest, r: StoredResponse): boolean {
  return matchesEtag(req, r.etag);
}

/** Whether the copy the request holds (If-None-Match) is the one of this ETag. */
export function matchesEtag(req: FastifyRequest, etag: string): boolean {
  const sent = req.headers['if-none-match'];
  return typeof sent === 'string' && sent.includes(etag.slice(1, -1));
}

/** Sends r with these headers (content type, caching) on top of those set so far. */
export function sendStored(req: FastifyRequest, reply: FastifyReply, r: StoredResponse, headers: Record<string, string>): void {
  reply.hijack();
  const enc = encodingFor(req, r);
  const all: Record<string, string | number | string[]> = {
    ...(reply.getHeaders() as Record<string, string | number | string[]>),
    ...headers,
    vary: 'accept-encoding',
    etag: etagOf(r, enc),
  };
  if (isCurrent(req, r)) {
    reply.raw.writeHead(304, all);
    reply.raw.end();
    return;
  }
  const body = r[enc] ?? r.identity;
  if (enc !== 'identity') all['content-encoding'] = enc;
  all['content-length'] = body.length;
  reply.raw.writeHead(r.status ?? 200, all);
  reply.raw.end(req.method === 'HEAD' ? undefined : body);
}
