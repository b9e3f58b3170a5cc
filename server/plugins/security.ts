// Security headers (helmet with a same-origin CSP that also admits the configured third-party scripts:
// the analytics counter and the delivery widget), response compression and ETags for the whole server.
import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import etag from '@fastify/etag';
import helmet from '@fastify/helmet';
import type { FastifyInstance } from 'fastify';
import type { Config } from '../config.ts';
import { ANALYTICS_SCRIPT_URL } from '../content/frame-routes.ts';

/** Origins the CSP admits besides our own, from the configured third-party scripts. */
export function thirdPartyOrigins(config: Pick<Config, 'analyticsCounterId' | 'deliveryWidgetUrl'>): string[] {
  const origins: string[] = [];
  if (config.analyticsCounterId) origins.push(new URL(ANALYTICS_SCRIPT_URL).origin);
  if (config.deliveryWidgetUrl) origins.push(new URL(config.deliveryWidgetUrl).origin);
  return [...new Set(origins)];
}

export async function registerHttpHardening(app: FastifyInstance, thirdParty: string[] = []): Promise<void> {
  await app.register(helmet, {
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'", ...thirdParty],
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
  await app.register(compress, {
    global: true,
    threshold: 1024,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } },
  });
  await app.register(etag);
}
