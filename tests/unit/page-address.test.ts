// A page's own address: the tags of a visit (utm_*, the installed app's source=pwa, the ad networks' click
// ids) are not part of it, the query parameters a page reads are, in one order whatever order they came in.
import { describe, expect, it } from 'vitest';
import { pageAddress, pageQuery } from '../../common/page-address.ts';
import { pageAnswers, dataBlock } from '../../common/page-data.ts';

describe('pageAddress', () => {
  it('drops the tags of a visit', () => {
    expect(pageAddress('/', '?source=pwa')).toBe('/');
    expect(pageAddress('/', '?utm_source=vk&utm_medium=social&utm_campaign=leto&utm_content=x&utm_term=y')).toBe('/');
    expect(pageAddress('/kupalniki', '?yclid=1&ysclid=2&gclid=3&fbclid=4&_openstat=5&msclkid=6')).toBe('/kupalniki');
  });

  it('keeps what a page reads, byte for byte, in name order', () => {
    expect(pageAddress('/kupalniki', '?sort=price_asc&utm_source=vk&size=S,M&page=2')).toBe('/kupalniki?page=2&size=S,M&sort=price_asc');
    expect(pageAddress('/search', '?searchParam=%D0%BA%D1%83%D0%BF%D0%B0%D0%BB%D1%8C%D0%BD%D0%B8%D0%BA')).toBe(
      '/search?searchParam=%D0%BA%D1%83%D0%BF%D0%B0%D0%BB%D1%8C%D0%BD%D0%B8%D0%BA',
    );
    expect(pageQuery('?b=2&a=1&b=1')).toBe('?a=1&b=2&b=1');
  });

  it('reads encoded names, and leaves malformed text as it is', () => {
    expect(pageQuery('?utm%5Fsource=x&q=%E0%A4%A')).toBe('?q=%E0%A4%A');
    expect(pageQuery('?&&')).toBe('');
    expect(pageQuery('')).toBe('');
  });
});

describe('pageAnswers', () => {
  it('gives the answers that name their API address, and nothing from a page without a block', () => {
    const html = `<div id="root"></div>${dataBlock(
      JSON.stringify({
        'catalog:organization': { data: { phone: '1' }, from: '/api/v1/organization' },
        'offers:x': { data: { count: 0, results: [] } },
        'page:seo': { error: { status: 500, message: 'x' } },
      }),
    )}`;
    expect(pageAnswers(html)).toEqual([['/api/v1/organization', { phone: '1' }]]);
    expect(pageAnswers('<div id="root"></div>')).toEqual([]);
    expect(pageAnswers(dataBlock('{not json'))).toEqual([]);
  });
});
