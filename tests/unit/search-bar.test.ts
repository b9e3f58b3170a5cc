// The search bar's submit rule (spec §2 Search): blank text, single space included, is ignored.
import { describe, expect, it } from 'vitest';
import { searchQueryOf } from '../../src/features/frame/search-query.ts';

describe('search bar submit rule', () => {
  it('ignores empty and single-space text, as the spec says', () => {
    expect(searchQueryOf('')).toBeNull();
    expect(searchQueryOf(' ')).toBeNull();
  });

  it('treats any whitespace-only text as blank', () => {
    for (const blank of ['   ', '\t', '\n', ' \t \n ', '\u00a0', '\u3000', '\u2003 ']) {
      expect(searchQueryOf(blank), JSON.stringify(blank)).toBeNull();
    }
  });

  it('sends real text, trimmed', () => {
    expect(searchQueryOf('купальник')).toBe('купальник');
    expect(searchQueryOf('  купальник слитный \t')).toBe('купальник слитный');
    expect(searchQueryOf('a')).toBe('a');
    expect(searchQueryOf(' 0 ')).toBe('0');
  });
});
