// Which requests the service worker may keep, and where (docs/architecture.md): public catalogue and content GETs go
// to the stale-while-revalidate API cache, pictures to the image cache; nothing private is ever cached.
// DOM-free and pure, so the rules are unit-tested.

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

export function cacheKindFor(url: URL, method: string, origin: string): CacheKind {
  if (method !== 'GET' || url.origin !== origin) return null;
  if (url.pathname.startsWith('/media/')) return 'image';
  const m = /^\/api\/v1\/([^/]+)/.exec(url.pathname);
  if (m && PUBLIC_API.has(m[1])) return 'api';
  return null; // cart (v2), account, orders, payments and anything else: network only
}

/** Navigation requests the app shell answers: every same-origin page, never the API or pictures. */
export const NAVIGATION_DENYLIST = [/^\/api\//, /^\/media\//, /\/[^/?]+\.[a-z0-9]{1,8}$/i];
