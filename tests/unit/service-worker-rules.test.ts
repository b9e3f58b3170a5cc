// What the service worker may cache: public catalogue data and pictures, never a cart, account or order.
import { describe, expect, it } from 'vitest';
import { cacheKindFor, navigationDenylist } from '../../sw/cache-rules.ts';
import { markKept } from '../../common/page-data.ts';

const ORIGIN = 'https://shop.test';
const kind = (path: string, method = 'GET') => cacheKindFor(new URL(path, ORIGIN), method, ORIGIN);

describe('service worker cache rules', () => {
  it('keeps public catalogue and content answers stale-while-revalidate', () => {
    for (const p of [
      '/api/v1/organization',
      '/api/v1/brands',
      '/api/v1/preview_category/',
      '/api/v1/categories',
      '/api/v1/offers/new/?limit=24',
      '/api/v1/category/kupalniki',
      '/api/v1/product_offer/?pk=1',
      '/api/v1/blog',
      '/api/v1/news/3',
      '/api/v1/banner',
      '/api/v1/get_seo/?url=/',
      '/api/v1/gift/certificates/',
    ]) {
      expect({ p, kind: kind(p) }).toEqual({ p, kind: 'api' });
    }
  });

  it('never caches the basket, the account, orders or payments', () => {
    for (const p of [
      '/api/v2/cart/',
      '/api/v2/cart/abc/',
      '/api/v1/get_user/',
      '/api/v1/user_address/',
      '/api/v1/history_order_preview/',
      '/api/v1/get_order_info/',
      '/api/v2/order/',
      '/api/v1/order_payment/',
      '/api/v1/auth/',
      '/api/auth/vk-oauth2',
    ]) {
      expect({ p, kind: kind(p) }).toEqual({ p, kind: null });
    }
    expect(kind('/api/v1/offers/', 'POST')).toBeNull();
    expect(cacheKindFor(new URL('https://cdn.other/api/v1/brands'), 'GET', ORIGIN)).toBeNull();
  });

  it('keeps pictures cache-first and leaves them out of navigations', () => {
    expect(kind('/media/offer/12-1.svg')).toBe('image');
    const denied = (p: string) => navigationDenylist(ORIGIN).some((r) => r.test(p));
    expect(denied('/api/v1/brands')).toBe(true);
    expect(denied('/media/offer/1-1.svg')).toBe(true);
    expect(denied('/kupalniki/bikini')).toBe(false);
  });

  it('follows the API base the app was built with (VITE_API_BASE)', () => {
    const at = (p: string, base: string) => cacheKindFor(new URL(p, ORIGIN), 'GET', ORIGIN, base);
    expect(at('/shop-api/v1/brands', '/shop-api')).toBe('api');
    expect(at('/shop-api/v2/cart/', '/shop-api')).toBeNull();
    expect(at('/api/v1/brands', '/shop-api')).toBeNull();
    expect(cacheKindFor(new URL('https://api.shop.test/v1/offers/'), 'GET', ORIGIN, 'https://api.shop.test/')).toBe('api');
    expect(navigationDenylist(ORIGIN, '/shop-api').some((r) => r.test('/shop-api/v1/brands'))).toBe(true);
    expect(navigationDenylist(ORIGIN, '/shop-api').some((r) => r.test('/api-guide'))).toBe(false);
  });
});

describe('a page the service worker takes from its cache', () => {
  it('is marked as kept on its <html>, the rest of it as it was', () => {
    const html = '<!doctype html><html lang="ru"><head></head><body><div id="root">…</div></body></html>';
    expect(markKept(html)).toBe('<!doctype html><html data-kept-page lang="ru"><head></head><body><div id="root">…</div></body></html>');
  });
});
