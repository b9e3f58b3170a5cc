// Refuses a state-changing request (POST, PUT, PATCH, DELETE) another site's page sent: the browser says it
// is not same-origin (`Sec-Fetch-Site`), or its `Origin` is not the shop's (PUBLIC_URL's, or the address the
// request itself came to). A form posted from the shop's own pages may carry `Origin: null` (they send no
// referrer), so a null origin passes only when the browser vouches it is same-origin. The session cookie is
// SameSite=Lax already; this also covers the basket cookie and browsers that send cookies along anyway. API
// clients send neither header and pass.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { Refusal } from '../refusal.ts';

export const FOREIGN_ORIGIN_MESSAGE = 'Запрос с другого сайта отклонён';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** 'none' is the shopper's own action (the address bar, a bookmark). */
const TRUSTED_FETCH_SITES = new Set(['same-origin', 'none']);

function isForeign(req: FastifyRequest, shopOrigin: string): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string' && !TRUSTED_FETCH_SITES.has(site)) return true;
  const origin = req.headers.origin;
  if (origin === undefined) return false;
  if (origin === 'null') return site === undefined; // no browser's word that it is ours
  return origin !== shopOrigin && origin !== `${req.protocol}://${req.host}`;
}

export function refuseForeignOrigins(app: FastifyInstance, publicUrl: string): void {
  const shopOrigin = new URL(publicUrl).origin;
  app.addHook('onRequest', async (req) => {
    if (!SAFE_METHODS.has(req.method) && isForeign(req, shopOrigin)) throw new Refusal('forbidden', FOREIGN_ORIGIN_MESSAGE);
  });
}
