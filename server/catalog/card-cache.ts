// Offer cards (the card every list shows) kept in this process per catalogue version: a card reads only
// tables whose every write bumps that version (products, pictures, brands, colours, categories), so a
// card is current for exactly as long as the version is. A listing computed for a filter nobody asked
// before then needs its count and its page of ids from the database, and its cards mostly from here. A
// card read while the version moved on is not kept.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { LRUCache } from 'lru-cache';
import type { Offer } from '../../common/contract/catalog.ts';
import type { Queryable } from '../db/public.ts';
import { offerCards } from './offers-sql.ts';

/** Cards of given product ids, in the order given, unknown ids skipped (as offerCards). */
export type CardSource = (db: Queryable, ids: readonly number[]) => Promise<Offer[]>;

const MAX_CARDS = 50_000;

export class CardCache {
  private version = -1;
  private readonly cards = new LRUCache<number, Offer>({ max: MAX_CARDS });

  setVersion(version: number): void {
    if (version === this.version) return;
    this.version = version;
    this.cards.clear();
  }

  readonly cardsOf: CardSource = async (db, ids) => {
    const missing = ids.filter((id) => !this.cards.has(id));
    if (missing.length) {
      const version = this.version;
      const fetched = await offerCards(db, missing);
      if (version === this.version) for (const card of fetched) this.cards.set(card.id, card);
      const byId = new Map(fetched.map((c) => [c.id, c]));
      return ids.flatMap((id) => this.cards.get(id) ?? byId.get(id) ?? []);
    }
    return ids.flatMap((id) => this.cards.get(id) ?? []);
  };
}

declare module 'fastify' {
  interface FastifyInstance {
    cards: CardSource;
  }
}

async function cardCache(app: FastifyInstance): Promise<void> {
  const cache = new CardCache();
  app.catalogueNotices.subscribe({ version: (v) => cache.setVersion(v), products: () => undefined });
  app.decorate('cards', cache.cardsOf);
}

export default fp(cardCache, { name: 'card-cache', dependencies: ['catalogue-notices'] });
