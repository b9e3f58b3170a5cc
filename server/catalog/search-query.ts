// Turns what a shopper typed into the two tsquery texts of the catalogue's full-text search: every reading of
// common/search-text.ts (as typed, wrong keyboard layout, Latin transliteration), stemmed by 'russian' and
// as Latin word prefixes by 'simple' (brand names, transliterated slugs). Pure: the SQL is catalog/offer-filter-sql.ts.
import { queryVariants } from '../../common/search-text.ts';
import type { SearchText } from './offer-filter-sql.ts';

export const MAX_QUERY_LENGTH = 200;
const MAX_WORDS = 8;

/** Brand names and slugs, the only 'simple' words of a product's document, are Latin. */
const LATIN = /^[a-z0-9 ]+$/;

/** The tsquery texts of a query, or null when it has no word to look for (blank, punctuation only). */
export function searchText(query: string): SearchText | null {
  // normalize() (inside queryVariants) keeps only letters and digits, so no tsquery operator gets through.
  const readings = queryVariants(query.slice(0, MAX_QUERY_LENGTH))
    .map((r) => r.split(' ').filter(Boolean).slice(0, MAX_WORDS))
    .filter((words) => words.length > 0);
  if (!readings.length) return null;
  const group = (words: string[]) => `(${words.join(' & ')})`;
  // Prefix terms only where they can match: a Cyrillic prefix would only make the planner expect a costly
  // index scan and read every document instead.
  const latin = readings.filter((words) => LATIN.test(words.join(' ')));
  return {
    russian: readings.map(group).join(' | '),
    simple: latin.length ? latin.map((words) => group(words.map((w) => `${w}:*`))).join(' | ') : null,
  };
}
