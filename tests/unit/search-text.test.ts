// The offline search's readings (common/offer-index.ts over common/search-text.ts): case, ё/е, word forms,
// Latin transliteration and the wrong keyboard layout find what the server's search would, and the seen offers
// it keeps (common/search-core.ts): every card an answer brings, the newest answer's, at most MAX_SEEN_OFFERS.
import { describe, expect, it, vi } from 'vitest';
import type { Offer } from '../../common/contract/catalog.ts';
import { OfferIndex } from '../../common/offer-index.ts';
import { offersIn } from '../../common/offers-in.ts';
import { createSearchCore, MAX_SEEN_OFFERS, type SeenOffer, type SeenOffersStore } from '../../common/search-core.ts';
import { answeredInTime, SEEN_OFFERS_WAIT_MS, SeenOffersUnanswered } from '../../common/browser/seen-offers-store.ts';
import { fromTranslit, fromWrongLayout, queryVariants } from '../../common/search-text.ts';
import { offerCard as offer } from './offer-card.ts';

const ids = (page: { results: Offer[] }) => page.results.map((o) => o.id);

class MemoryStore implements SeenOffersStore {
  rows = new Map<number, SeenOffer>();
  async load() {
    return [...this.rows.values()];
  }
  async get(ids: readonly number[]) {
    return ids.flatMap((id) => this.rows.get(id) ?? []);
  }
  async save(rows: readonly SeenOffer[]) {
    for (const r of rows) this.rows.set(r.offer.id, r);
  }
  async drop(dropped: readonly number[]) {
    for (const id of dropped) this.rows.delete(id);
  }
}

describe('search readings', () => {
  it('reads the wrong keyboard layout and Latin transliteration', () => {
    expect(fromWrongLayout('regfkmybr')).toBe('купальник');
    expect(fromTranslit('kupalnik')).toBe('купалник');
    expect(queryVariants('kupalniki')).toContain('купальники'); // the soft sign Latin spelling leaves out
    expect(queryVariants('  ')).toEqual([]);
  });

  it('finds an offer however its name was typed, word forms and unfinished words included', () => {
    const index = new OfferIndex();
    index.add([offer(1, 'Купальник слитный «Мальдивы»'), offer(2, 'Платье пляжное', { brand: { slug: 'luli', name: 'Luli Fama' } })]);
    index.add([offer(3, 'Ёлочный шарф')]);
    for (const q of ['купальник', 'КУПАЛЬНИКИ', 'купальников', 'kupalnik', 'regfkmybr', 'мальд', 'слитные купальники']) {
      expect({ q, found: ids(index.find(q)) }).toEqual({ q, found: [1] });
    }
    expect(ids(index.find('пляжные платья'))).toEqual([2]);
    expect(ids(index.find('luli'))).toEqual([2]);
    expect(ids(index.find('елочный'))).toEqual([3]);
    expect(ids(index.find('купальник платье'))).toEqual([]);
  });

  it('narrows and sorts by what a card tells', () => {
    const index = new OfferIndex();
    index.add([
      offer(1, 'Купальник «Амальфи»', { price: 5000, sizes: ['M'] }),
      offer(2, 'Купальник «Капри»', { price: 3000, sizes: ['S'], full_path_offer: '/kupalniki/bikini/2/kapri' }),
      offer(3, 'Купальник «Сорренто»', { price: 4000, sizes: ['S'], brand: { slug: 'luli', name: 'Luli Fama' } }),
    ]);
    expect(ids(index.find('купальник', { sort: 'price_asc' }))).toEqual([2, 3, 1]);
    expect(ids(index.find('купальник', { sizes: ['S'], sort: 'price_desc' }))).toEqual([3, 2]);
    expect(ids(index.find('купальник', { brands: ['luli'] }))).toEqual([3]);
    expect(ids(index.find('купальник', { categories: ['kupalniki/bikini'] }))).toEqual([2]);
    expect(ids(index.find('купальник', { price_max: 4000, sort: 'price_asc' }))).toEqual([2, 3]);
    const paged = index.find('купальник', { sort: 'price_asc' }, 2, 24);
    expect({ count: paged.count, ids: ids(paged) }).toEqual({ count: 3, ids: [1] });
  });
});

describe('the seen offers', () => {
  it('finds the cards of every kind of catalogue answer', () => {
    const a = offer(1, 'Купальник');
    const b = offer(2, 'Туника');
    expect(offersIn({ count: 1, results: [a] })).toEqual([a]);
    expect(offersIn({ response: [a], excluded: [5] })).toEqual([a]);
    expect(offersIn({ offer: a, related: [b], variants: [] })).toEqual([a, b]);
    expect(offersIn({ title: 'Подборка' })).toEqual([]);
    expect(offersIn({ results: [{ id: 3 }] })).toEqual([]); // not a card: left out
  });

  it('keeps what answers bring across a restart, the newest card of each offer', async () => {
    const store = new MemoryStore();
    const core = createSearchCore(store);
    await core.remember([{ count: 1, results: [offer(1, 'Купальник «Амальфи»', { price: 5000 })] }]);
    await core.remember([{ offer: offer(1, 'Купальник «Амальфи»', { price: 4500 }), related: [] }]);
    const restarted = createSearchCore(store);
    expect((await restarted.searchSeen('амальфи')).results.map((o) => o.price)).toEqual([4500]);
    expect((await restarted.seenOffers([7, 1])).map((o) => o.id)).toEqual([1]);
  });

  it('forgets the longest unseen offers past its bound when it opens for a search, and finds cards kept after that', async () => {
    const store = new MemoryStore();
    const core = createSearchCore(store);
    vi.setSystemTime(new Date('2026-11-01T10:00:00Z'));
    await core.remember([{ count: 1, results: [offer(0, 'Первый купальник')] }]);
    vi.setSystemTime(new Date('2026-11-02T10:00:00Z'));
    const many = Array.from({ length: MAX_SEEN_OFFERS }, (_, i) => offer(i + 1, `Купальник ${i + 1}`));
    await core.remember([{ count: many.length, results: many }]);
    vi.useRealTimers();
    expect((await core.searchSeen('первый')).count).toBe(0);
    expect(store.rows.size).toBe(MAX_SEEN_OFFERS);
    expect(store.rows.has(0)).toBe(false);
    expect(await core.seenOffers([0, 1])).toHaveLength(1);
    await core.remember([{ count: 1, results: [offer(99_999, 'Туника «Позитано»')] }]);
    expect((await core.searchSeen('позитано')).results.map((o) => o.id)).toEqual([99_999]);
  });

  it('still searches when the store cannot forget what is past its bound', async () => {
    const store = new MemoryStore();
    store.drop = () => Promise.reject(new Error('IndexedDB refused'));
    const many = Array.from({ length: MAX_SEEN_OFFERS + 1 }, (_, i) => offer(i + 1, `Купальник ${i + 1}`));
    const core = createSearchCore(store);
    await core.remember([{ count: many.length, results: many }]);
    expect((await core.searchSeen('купальник 7')).count).toBeGreaterThan(0);
    expect((await core.searchSeen('купальник 8')).count).toBeGreaterThan(0); // and the next search too
  });

  it('fails a search the store keeps waiting (a page frozen in the back-forward cache), and finds the offers at the next one', async () => {
    const store = new MemoryStore();
    await createSearchCore(store).remember([{ count: 1, results: [offer(5, 'Парео «Капри»')] }]);
    // The store's first read waits behind a transaction that never ends, as WebKit's does behind a frozen page.
    const load = store.load.bind(store);
    let frozen = true;
    store.load = () => (frozen ? new Promise(() => undefined) : load());
    vi.useFakeTimers();
    const core = createSearchCore(answeredInTime(store));
    const failed = expect(core.searchSeen('капри')).rejects.toBeInstanceOf(SeenOffersUnanswered);
    await vi.advanceTimersByTimeAsync(SEEN_OFFERS_WAIT_MS);
    await failed;
    vi.useRealTimers();
    frozen = false; // the old page went: the store answers again
    expect((await core.searchSeen('капри')).results.map((o) => o.id)).toEqual([5]);
  });
});
