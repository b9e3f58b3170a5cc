// Turns what a shopper typed into the two tsquery texts of the catalogue's full-text search: every reading of
// src/lib/search-text.ts (as typed, wrong keyboard layout, Latin transliteration), stemmed by 'russian' and
// as word prefixes by 'simple' (brand names, transliterated slugs). Pure: the SQL lives in repos/offer-filter.ts.
import { queryVariants } from '../../src/lib/search-text.ts';
import type { SearchText } from '../repos/offer-filter.ts';

export const MAX_QUERY_LENGTH = 200;
const MAX_WORDS = 8;

/** The tsquery texts of a query, or null when it has no word to look for (blank, punctuation only). */
export function searchText(query: string): SearchText | null {
  // normalize() (inside queryVariants) keeps only letters and digits, so no tsquery operator gets through.
  const readings = queryVariants(query.slice(0, MAX_QUERY_LENGTH))
    .map((r) => r.split(' ').filter(Boolean).slice(0, MAX_WORDS))
    .filter((words) => words.length > 0);
  if (!readings.length) return null;
  const group = (words: string[]) => `(${words.join(' & ')})`;
  return {
    russian: readings.map(group).join(' | '),
    simple: readings.map((words) => group(words.map((w) => `${w}:*`))).join(' | '),
  };
}
