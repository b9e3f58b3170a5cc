// Finds the offer cards inside any catalogue answer the app receives: a page of offers (`results`), the saved
// offers of favourites (`response`), a product page (its offer and the related ones) or a plain list. The
// offline search remembers every card it finds here (common/search-core.ts). Pure.
import { is } from 'superstruct';
import { Offer } from './contract/catalog.ts';

/** The lists of an answer that may hold offers, by the contract's field names. */
const OFFER_LISTS = ['results', 'response', 'related'] as const;

const cardsOf = (list: unknown): Offer[] => (Array.isArray(list) ? list.filter((x): x is Offer => is(x, Offer)) : []);

/** Every offer card in the answer, checked against the contract; anything else is ignored. */
export function offersIn(answer: unknown): Offer[] {
  if (Array.isArray(answer)) return cardsOf(answer);
  if (typeof answer !== 'object' || answer === null) return [];
  const record = answer as Record<string, unknown>;
  const found = OFFER_LISTS.flatMap((field) => cardsOf(record[field]));
  if (is(record.offer, Offer)) found.unshift(record.offer);
  return found;
}
