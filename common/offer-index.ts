// The offline search's index over the offers the app has seen (MiniSearch): the same readings of a query as
// the server's search (common/search-text.ts: case, ё/е, wrong keyboard layout, Latin transliteration), word
// forms by the Snowball Russian stemmer (the one PostgreSQL's 'russian' configuration uses), and the word
// being typed a prefix, so results follow each keystroke. Filters and sorts are those a card can answer for (brand, size,
// colour, price, the category in its address); a tag or popularity is not on a card and is left out. Pure.
import { stemmer } from '@orama/stemmers/russian';
import MiniSearch from 'minisearch';
import type { Offer, OfferFilter, OfferPage } from './contract/catalog.ts';
import { normalize, queryVariants } from './search-text.ts';

/** Latin spelling drops the soft and hard signs, so neither side keeps them ("kupalnik" finds "купальник"). */
const withoutSigns = (word: string) => word.replace(/[ьъ]/g, '');

const words = (text: string) => normalize(text).split(' ').filter(Boolean);

/** What the index keeps of a word: its stem, without soft and hard signs. */
const toTerm = (word: string) => stemmer(withoutSigns(word));

export class OfferIndex {
  private readonly offers = new Map<number, Offer>();
  private readonly search = new MiniSearch<Offer>({
    fields: ['name', 'brand'],
    // The id field too is read through here: it stays the number the offers are kept by.
    extractField: (offer, field) => (field === 'brand' ? offer.brand.name : field === 'name' ? offer.name : offer.id),
    tokenize: words,
    processTerm: (term) => toTerm(term),
    // Only the word being typed (the last) is a prefix, and only from its second letter: a finished word is
    // matched by its stem, and a one-letter prefix would expand to half the index on every keystroke.
    searchOptions: { prefix: (term, i, terms) => i === terms.length - 1 && term.length >= 2, combineWith: 'AND', boost: { name: 2 } },
  });

  /** Adds offers, or replaces what an earlier answer said of them (a price, the sizes in stock). */
  add(offers: readonly Offer[]): void {
    for (const offer of offers) {
      if (this.offers.has(offer.id)) this.search.replace(offer);
      else this.search.add(offer);
      this.offers.set(offer.id, offer);
    }
  }

  /** A page of the offers matching every word of one reading of the query, the best matches first. */
  find(query: string, filter: OfferFilter = {}, offset = 0, limit = 24): OfferPage {
    const scores = new Map<number, number>();
    // Readings that come to the same terms (a transliteration with and without its soft sign) are one search.
    const searched = new Set<string>();
    for (const reading of queryVariants(query)) {
      const terms = words(reading).map(toTerm).join(' ');
      if (searched.has(terms)) continue;
      searched.add(terms);
      for (const hit of this.search.search(reading)) {
        scores.set(hit.id as number, Math.max(scores.get(hit.id as number) ?? 0, hit.score));
      }
    }
    const matching = [...scores.keys()].map((id) => this.offers.get(id)).filter((o): o is Offer => o !== undefined && passes(o, filter));
    const sorted = sortOffers(matching, filter.sort, (o) => scores.get(o.id) ?? 0);
    return { count: sorted.length, results: sorted.slice(offset, offset + limit) };
  }
}

/** Whether a card answers the filter: brand, sizes in stock, colour, price and the category in its address. */
function passes(offer: Offer, f: OfferFilter): boolean {
  if (f.brands?.length && !f.brands.includes(offer.brand.slug)) return false;
  if (f.sizes?.length && !offer.sizes.some((s) => f.sizes!.includes(s))) return false;
  if (f.colors?.length && !offer.colors.some((c) => f.colors!.includes(c.slug))) return false;
  if (f.price_min !== undefined && offer.price < f.price_min) return false;
  if (f.price_max !== undefined && offer.price > f.price_max) return false;
  if (f.categories?.length && !f.categories.some((path) => offer.full_path_offer.startsWith(`/${path}/`))) return false;
  return true;
}

function sortOffers(offers: Offer[], sort: OfferFilter['sort'], relevance: (o: Offer) => number): Offer[] {
  const by = (key: (o: Offer) => number) => [...offers].sort((a, b) => key(a) - key(b) || a.id - b.id);
  switch (sort) {
    case 'price_asc':
      return by((o) => o.price);
    case 'price_desc':
      return by((o) => -o.price);
    case 'discount':
      return by((o) => -o.discount);
    case 'new':
      return by((o) => (o.is_new ? 0 : 1));
    default:
      return by((o) => -relevance(o));
  }
}
