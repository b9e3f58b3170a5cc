// Which requests the service worker may keep, and where (docs/architecture.md): public catalogue and
// content GETs under the API's base (VITE_API_BASE, /api by default) go to the stale-while-revalidate API
// cache, pictures to the image cache; nothing private is ever cached. Pure, so the rules are unit-tested.
import { API_BASE } from '../common/browser/api-base.ts';

/** /api/v1/<first segment> of the public GETs that may be served stale and revalidated. */
export const PUBLIC_API = new Set([
  'organization', 'brands', 'preview_category', 'categories', 'offers', 'category', 'product_offer', 'blog',
  'news', 'banner', 'containerbanners', 'get_seo', 'color', 'about', 'instagramm_posts', 'landing_page',
  'all', // all/filters/{x}/
  'search',
  'regions', 'cities',
  'gift', // GET gift/certificates/ (the card calls are POSTs, never cached)
]);

export type CacheKind = 'api' | 'image' | null;

/** The API's address with a trailing slash, from the base the app was built with (VITE_API_BASE). */
const apiRoot = (origin: string, apiBase: string) => new URL(apiBase.replace(/\/*$/, '/'), origin);

export function cacheKindFor(url: URL, method: string, origin: string, apiBase: string = API_BASE): CacheKind {
  if (method !== 'GET') return null;
  if (url.origin === origin && url.pathname.startsWith('/media/')) return 'image';
  const api = apiRoot(origin, apiBase);
  if (url.origin !== api.origin || !url.pathname.startsWith(`${api.pathname}v1/`)) return null;
  const segment = url.pathname.slice(api.pathname.length + 3).split('/')[0] ?? '';
  return PUBLIC_API.has(segment) ? 'api' : null; // cart (v2), account, orders, payments and the rest: network only
}

const escapeRegExp = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Navigation requests the app shell answers: every same-origin page, never the API, pictures or files. */
export function navigationDenylist(origin: string, apiBase: string = API_BASE): RegExp[] {
  const api = apiRoot(origin, apiBase);
  return [
    ...(api.origin === origin ? [new RegExp(`^${escapeRegExp(api.pathname)}`)] : []),
    /^\/media\//,
    /\/[^/?]+\.[a-z0-9]{1,8}$/i,
  ];
}
