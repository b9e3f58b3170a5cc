// The listing's URL state, breadcrumbs from the preview categories, the page window, and the head's
// title rules: what a shared link, the back button and the trail at the top of a page depend on.
import { describe, expect, it } from 'vitest';
import { pageWindow } from '../../src/components/Pagination.tsx';
import { categoryCrumbs } from '../../src/lib/breadcrumbs.ts';
import { isFiltered, listingSearch, parseListingQuery } from '../../common/listing-query.ts';
import { documentHead } from '../../src/state/head.ts';

describe('listing query in the URL', () => {
  it('round-trips page, lists, price range and sort', () => {
    const state = {
      page: 3,
      filter: { sizes: ['S', 'M'], colors: ['chernyj'], brands: ['maaji'], price_min: 1000, price_max: 9000, sort: 'price_asc' as const },
    };
    const qs = listingSearch(state);
    expect(qs).toBe('?size=S,M&color=chernyj&brand=maaji&price_min=1000&price_max=9000&sort=price_asc&page=3');
    expect(parseListingQuery(qs)).toEqual(state);
  });

  it('drops page 1 and keeps extra parameters such as the search text', () => {
    expect(listingSearch({ page: 1, filter: {} })).toBe('');
    expect(listingSearch({ page: 2, filter: {} }, { searchParam: 'купальник' })).toBe(
      '?searchParam=%D0%BA%D1%83%D0%BF%D0%B0%D0%BB%D1%8C%D0%BD%D0%B8%D0%BA&page=2',
    );
  });

  it('ignores malformed values instead of failing', () => {
    expect(parseListingQuery('?page=-2&price_min=abc&sort=cheapest&size=,,')).toEqual({ page: 1, filter: {} });
    expect(parseListingQuery('?page=0')).toEqual({ page: 1, filter: {} });
  });

  it('knows a sort alone is not a filter', () => {
    expect(isFiltered({ sort: 'new' })).toBe(false);
    expect(isFiltered({ sizes: ['M'] })).toBe(true);
  });
});

describe('breadcrumbs', () => {
  const previews = [
    { path: 'kupalniki', name: 'Купальники', allCategories: [{ path: 'kupalniki/bikini', name: 'Бикини' }] },
    {
      path: 'muzhskoe',
      name: 'Мужское',
      allCategories: [
        { path: 'muzhskoe/odezhda', name: 'Одежда' },
        { path: 'muzhskoe/odezhda/futbolki', name: 'Футболки' },
        { path: 'muzhskoe/odezhda/futbolki/odnotonnye', name: 'Однотонные' },
      ],
    },
  ];
  it('start with Главная and follow the path with the preview names', () => {
    expect(categoryCrumbs('kupalniki/bikini', previews)).toEqual([
      { label: 'Главная', href: '/' },
      { label: 'Купальники', href: '/kupalniki' },
      { label: 'Бикини', href: '/kupalniki/bikini' },
    ]);
    expect(categoryCrumbs('muzhskoe/odezhda/futbolki/odnotonnye', previews).map((c) => c.label)).toEqual([
      'Главная',
      'Мужское',
      'Одежда',
      'Футболки',
      'Однотонные',
    ]);
  });
  it('leave out levels the previews do not know (not loaded yet, or offline)', () => {
    expect(categoryCrumbs('kupalniki/unknown', previews).map((c) => c.label)).toEqual(['Главная', 'Купальники']);
    expect(categoryCrumbs('kupalniki', [])).toEqual([{ label: 'Главная', href: '/' }]);
  });
});

describe('pagination window', () => {
  it('shows the first, the last and two either side of the current page', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 5)).toEqual([1, 2, 3, 4, 5]);
    expect(pageWindow(1, 9)).toEqual([1, 2, 3, '…', 9]);
    expect(pageWindow(10, 20)).toEqual([1, '…', 8, 9, 10, 11, 12, '…', 20]);
    expect(pageWindow(20, 20)).toEqual([1, '…', 18, 19, 20]);
  });
});

describe('document title', () => {
  const base = {
    path: '/kupalniki/bikini',
    routeTitle: 'Купальники — Море и Мода',
    page: { path: '', value: { title: '', description: '' } },
    seo: { path: '', value: null },
  };
  it('prefers the SEO record, then the page, then the title table, each only for its own path', () => {
    expect(documentHead(base).title).toBe('Купальники — Море и Мода');
    const page = { path: '/kupalniki/bikini', value: { title: 'Бикини — Море и Мода', description: 'd' } };
    expect(documentHead({ ...base, page }).title).toBe('Бикини — Море и Мода');
    const stale = { path: '/kupalniki', value: { url: '/kupalniki', title: 'SEO', description: '', keywords: '', h1_tag: '' } };
    expect(documentHead({ ...base, page, seo: stale }).title).toBe('Бикини — Море и Мода');
    const seo = { ...stale, path: '/kupalniki/bikini' };
    expect(documentHead({ ...base, page, seo }).title).toBe('SEO');
  });
});
