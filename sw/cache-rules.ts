// Which requests the service worker may keep, and where (docs/architecture.md): the public GETs the endpoint
// table marks offline (common/endpoints.ts), under the API's base (VITE_API_BASE, /api by default), go to
// the stale-while-revalidate API cache, pictures to the image cache; nothing private is ever cached. Pure,
// so the rules are unit-tested.
import { API_BASE } from '../common/browser/api-base.ts';
import { isOfflineEndpoint } from '../common/endpoints.ts';

export type CacheKind = 'api' | 'image' | null;

/** The API's address with a trailing slash, from the base the app was built with (VITE_API_BASE). */
const apiRoot = (origin: string, apiBase: string) => new URL(apiBase.replace(/\/*$/, '/'), origin);

export function cacheKindFor(url: URL, method: string, origin: string, apiBase: string = API_BASE): CacheKind {
  if (method !== 'GET') return null;
  if (url.origin === origin && url.pathname.startsWith('/media/')) return 'image';
  const api = apiRoot(origin, apiBase);
  if (url.origin !== api.origin || !url.pathname.startsWith(api.pathname)) return null;
  // The endpoint table says which public answers may be kept; the basket, the account, orders, payments and
  // anything else go to the network only.
  return isOfflineEndpoint(`/${url.pathname.slice(api.pathname.length)}`) ? 'api' : null;
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Navigation requests the app shell answers: every same-origin page, never the API, pictures or files. */
export function navigationDenylist(origin: string, apiBase: string = API_BASE): RegExp[] {
  const api = apiRoot(origin, apiBase);
  return [...(api.origin === origin ? [new RegExp(`^${escapeRegExp(api.pathname)}`)] : []), /^\/media\//, /\/[^/?]+\.[a-z0-9]{1,8}$/i];
}
