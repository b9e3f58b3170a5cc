// Search normalisation of the worker: case, ё/е, transliteration and the wrong keyboard layout.
import { describe, expect, it } from 'vitest';
import { fromTranslit, fromWrongLayout, matches, queryVariants } from '../../common/search-text.ts';
import { searchCore } from '../../common/search-core.ts';

describe('search text', () => {
  it('reads the wrong keyboard layout and Latin transliteration', () => {
    expect(fromWrongLayout('regfkmybr')).toBe('купальник');
    expect(fromTranslit('kupalnik')).toBe('купалник');
    expect(queryVariants('kupalniki')).toContain('купальники'); // the soft sign Latin spelling leaves out
  });

  it('finds the same text however it was typed', () => {
    const text = 'Купальник слитный «Мальдивы» Seafolly';
    for (const q of ['купальник', 'КУПАЛЬНИК', 'kupalnik', 'regfkmybr', 'мальд', 'seafolly']) {
      expect({ q, found: matches(text, queryVariants(q)) }).toEqual({ q, found: true });
    }
    expect(matches('Ёлочный шарф', queryVariants('елочный'))).toBe(true);
    expect(matches(text, queryVariants('платье'))).toBe(false);
    expect(queryVariants('  ')).toEqual([]);
  });

  it('formats a batch of prices', () => {
    expect(searchCore.formatPrices([1234, 990]).map((s) => s.replace(/\u00a0/g, ' '))).toEqual(['1 234 ₽', '990 ₽']);
  });
});
