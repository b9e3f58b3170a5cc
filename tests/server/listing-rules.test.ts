// The pure rules behind listings (no database): how a landing's filter and the shopper's data combine, the
// natural order of sizes, and the tsquery texts a search query turns into.
import { describe, expect, it } from 'vitest';
import { mergeFilters } from '../../server/catalog/filter-merge.ts';
import { searchText } from '../../server/catalog/search-query.ts';
import { compareSizes } from '../../server/catalog/size-order.ts';

describe('mergeFilters', () => {
  it('intersects lists, keeps a list only one side has, and empties on no overlap', () => {
    expect(mergeFilters({ colors: ['a', 'b'], sizes: ['S'] }, { colors: ['b', 'c'], brands: ['x'] })).toEqual({
      colors: ['b'],
      sizes: ['S'],
      brands: ['x'],
    });
    expect(mergeFilters({ colors: ['a'] }, { colors: ['b'] })).toBeNull();
    expect(mergeFilters({ tags: ['t'] }, { tags: [] })).toEqual({ tags: ['t'] });
  });

  it('keeps a subcategory of the other side and drops categories outside it', () => {
    expect(mergeFilters({ categories: ['kupalniki'] }, { categories: ['kupalniki/bikini', 'odezhda'] })).toEqual({
      categories: ['kupalniki/bikini'],
    });
    expect(mergeFilters({ categories: ['kupalniki/bikini'] }, { categories: ['kupalniki'] })).toEqual({ categories: ['kupalniki/bikini'] });
    expect(mergeFilters({ categories: ['kupalniki'] }, { categories: ['kupalniki-x'] })).toBeNull();
  });

  it("takes the tighter price bound and the shopper's sort", () => {
    expect(mergeFilters({ price_max: 3000, sort: 'price_asc' }, { price_max: 5000, price_min: 1000 })).toEqual({
      price_max: 3000,
      price_min: 1000,
      sort: 'price_asc',
    });
    expect(mergeFilters({ price_min: 10000, sort: 'popular' }, { price_min: 5000, sort: 'discount' })).toEqual({
      price_min: 10000,
      sort: 'discount',
    });
    expect(mergeFilters({ price_max: 3000 }, { price_min: 4000 })).toBeNull();
  });
});

describe('compareSizes', () => {
  it('orders letters, then numbers ascending, then bra sizes, then the rest, one size last', () => {
    const sizes = ['Один размер', '75C', '104', 'XL', '92', 'S', '2XL', '70B', '36', 'XS', '75B', '4XL', 'M', 'L', '3XL', '140'];
    expect([...sizes].sort(compareSizes)).toEqual([
      'XS',
      'S',
      'M',
      'L',
      'XL',
      '2XL',
      '3XL',
      '4XL',
      '36',
      '92',
      '104',
      '140',
      '70B',
      '75B',
      '75C',
      'Один размер',
    ]);
  });
});

describe('searchText', () => {
  it('turns every reading into words: stemmed for russian, Latin prefixes for simple', () => {
    expect(searchText('regfkmybr')).toEqual({
      russian: '(regfkmybr) | (купальник) | (регфкмыбр)',
      simple: '(regfkmybr:*)',
    });
    expect(searchText('Luli Fama')?.simple).toBe('(luli:* & fama:*)');
    expect(searchText('Бикини  «Мальдивы»')).toEqual({ russian: '(бикини & мальдивы)', simple: null });
  });

  it('lets no tsquery operator through and answers null for a query without words', () => {
    for (const q of ["a & b | !c <-> d:* 'e'", '(x)']) expect(searchText(q)?.russian).not.toMatch(/[!<>'*:]|&\s*\||\(\s*\)/);
    expect(searchText('   ')).toBeNull();
    expect(searchText('!!! ...')).toBeNull();
  });
});
