// Security headers (helmet's, with a same-origin CSP that also admits the configured third-party scripts:
// the analytics counter and the delivery widget, and one inline script by its hash: the record of the
// shopper's first taps, common/early-input-script.ts), computed once at start and set on every answer by one
// assignment; response compression and ETags for the answers that are not already stored compressed.
import { createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';
import type { Config } from '../config.ts';
import { ANALYTICS_SCRIPT_URL } from '../content/public.ts';
import { EARLY_INPUT_SCRIPT } from '../../common/early-input-script.ts';

/** The one inline script the pages run (the renderer puts it at the top of each), admitted by its hash. */
export const EARLY_INPUT_SOURCE = `'sha256-${createHash('sha256').update(EARLY_INPUT_SCRIPT).digest('base64')}'`;

/** Origins the CSP admits besides our own, from the configured third-party scripts. */
export function thirdPartyOrigins(config: Pick<Config, 'analyticsCounterId' | 'deliveryWidgetUrl'>): string[] {
  const origins: string[] = [];
  if (config.analyticsCounterId) origins.push(new URL(ANALYTICS_SCRIPT_URL).origin);
  if (config.deliveryWidgetUrl) origins.push(new URL(config.deliveryWidgetUrl).origin);
  return [...new Set(origins)];
}

/**
 * The headers helmet sets with these options, taken from one run of its middleware against a response
 * that only records them: they depend on the configuration alone, so no request needs to build them again.
 */
export function helmetHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string | number | readonly string[]) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) throw err;
  });
  return headers;
}

export async function registerHttpHardening(app: FastifyInstance, thirdParty: string[] = []): Promise<void> {
  const securityHeaders = helmetHeaders({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", EARLY_INPUT_SOURCE, ...thirdParty],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:', ...thirdParty],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", ...thirdParty],
        workerSrc: ["'self'", 'blob:'],
        manifestSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
      },
    },
    // The shop is also run over plain http on a LAN or localhost: do not force https from here.
    strictTransportSecurity: false,
    // The social login popup (a provider's page, then our callback) must keep window.opener to hand the
    // code back; the shop's pages still get a browsing context group of their own otherwise.
    crossOriginOpenerPolicy: { policy: 'same-origin-allow-popups' },
  });
  // First of all hooks, so a route may still change one (the social login callback's opener policy) and an
  // answer sent straight from the response cache carries them too.
  app.addHook('onRequest', async (_req, reply) => {
    reply.headers(securityHeaders);
  });
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(etag);
}
