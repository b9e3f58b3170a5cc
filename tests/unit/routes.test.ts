// The route table of spec §2: every static and parameterised route, the digits rule of product pages,
// category depths, and named routes built from the table.
import { describe, expect, it } from 'vitest';
import { href, matchRoute, ROOTS } from '../../common/routes.ts';

const STATIC = [
  '/404',
  '/about',
  '/address',
  '/basket',
  '/basket/delivery',
  '/basket/success',
  '/brands',
  '/card',
  '/contacts',
  '/cookie',
  '/delivery-and-payments',
  '/discount',
  '/favorite',
  '/fitting-conditions',
  '/giftsert',
  '/history-order',
  '/instagram',
  '/new',
  '/news',
  '/payment-sber',
  '/podarochnye-sertifikaty',
  '/privacy-policy',
  '/profile',
  '/publick-offer',
  '/recovery',
  '/requisites',
  '/reset',
  '/return-goods',
  '/rules-discount',
  '/sale',
  '/search',
  '/send',
  '/story',
  '/',
];

const page = (path: string) => matchRoute(path)?.route.page ?? null;

describe('route table', () => {
  it('knows every static page of spec §2', () => {
    for (const path of STATIC) expect({ path, found: !!matchRoute(path) }).toEqual({ path, found: true });
  });

  it('knows the parameterised routes', () => {
    expect(matchRoute('/basket/delivery/confirm/8f14e45f')?.params.guid).toBe('8f14e45f');
    expect(page('/basket/delivery/confirm')).toBe('basket-confirm');
    expect(page('/blog/leto-2026')).toBe('post');
    expect(page('/news/otkrytie')).toBe('post');
    expect(matchRoute('/brands/luli-fama')?.params.slug).toBe('luli-fama');
    expect(page('/history-order/15')).toBe('history-order');
    expect(matchRoute('/history-order/abc')).toBeNull();
    expect(page('/podarochnye-sertifikaty/podarochnyj-sertifikat-5000')).toBe('gift-certificates');
    expect(matchRoute('/reset/abcdef')?.params.token).toBe('abcdef');
  });

  it("gives each root its tag, subcategory and sub-subcategory routes; only men's go a level deeper", () => {
    for (const root of ROOTS) {
      expect(page(`/${root}`)).toBe('category');
      expect(page(`/${root}/tag`)).toBe('category');
      expect(page(`/${root}/tag/hity`)).toBe('category');
      expect(page(`/${root}/sub`)).toBe('category');
      expect(page(`/${root}/sub/tag/hity`)).toBe('category');
      expect(page(`/${root}/sub/subsub`)).toBe('category');
      expect(page(`/${root}/sub/subsub/tag/hity`)).toBe('category');
    }
    expect(page('/muzhskoe/odezhda/futbolki/odnotonnye')).toBe('category');
    expect(page('/muzhskoe/odezhda/futbolki/odnotonnye/tag/hity')).toBe('category');
    expect(matchRoute('/kupalniki/a/b/c')).toBeNull();
  });

  it('treats only a digits pk as a product page', () => {
    expect(matchRoute('/kupalniki/bikini/123/bikini-maldivy')?.params).toMatchObject({
      subCategory: 'bikini',
      pk: '123',
      slug: 'bikini-maldivy',
    });
    expect(page('/kupalniki/bikini/123')).toBe('product');
    expect(matchRoute('/odezhda/platya/mini/77/plate')?.params).toMatchObject({ categorySubCategory: 'mini', pk: '77' });
    expect(page('/kupalniki/bikini/12a/slug')).toBeNull();
    // "tag" opens a tag list: /kupalniki/tag/123 is the root's tag 123, /kupalniki/bikini/tag/7 a subcategory's.
    expect(matchRoute('/kupalniki/tag/123')).toMatchObject({ route: { page: 'category' }, params: { tag: '123' } });
    expect(matchRoute('/kupalniki/bikini/tag/7')).toMatchObject({ route: { page: 'category' }, params: { tag: '7' } });
    expect(matchRoute('/unknown-root/x/1')).toBeNull();
  });

  it('builds the named links of spec §2 from the table', () => {
    expect(href('index')).toBe('/');
    expect(href('brands-slug', { slug: 'maaji' })).toBe('/brands/maaji');
    expect(href('kupalniki-subCategory', { subCategory: 'bikini' })).toBe('/kupalniki/bikini');
    expect(href('search', {}, { searchParam: 'купальник' })).toBe(
      '/search?searchParam=%D0%BA%D1%83%D0%BF%D0%B0%D0%BB%D1%8C%D0%BD%D0%B8%D0%BA',
    );
    expect(href('basket-delivery')).toBe('/basket/delivery');
    expect(() => href('brands-slug')).toThrow();
    expect(() => href('no-such-route')).toThrow();
  });
});
