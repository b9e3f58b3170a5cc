// What each marketplace feed is made of, piece by piece in order: its head, its offers a batch of products at a
// time (feed-sql.ts, by keyset), its tail. Only one batch's rows and text are held at once, whatever the size
// of the catalogue; the pieces go straight to the feed's files (feed-files.ts).
import type { Queryable } from '../db/public.ts';
import { feedBatch, feedCategories, type FeedOffer } from './feed-sql.ts';
import { GOOGLE_TAIL, googleHead, googleItem, YANDEX_TAIL, yandexHead, yandexOffer, type FeedShop } from './feed-xml.ts';

export interface FeedSource {
  db: Queryable;
  shop: FeedShop;
  /** Products read a batch (their sizes are the batch's offers). */
  batchProducts: number;
  /** True once the text is no longer wanted (the server closes): the next batch is not read. */
  stopped(): boolean;
}

export interface FeedKind {
  /** The feed's name in logs and in its files' names. */
  name: 'yandex' | 'google';
  /** The address it is served at. */
  url: string;
  /** Its file's extension. */
  extension: 'yml' | 'xml';
  pieces(source: FeedSource): AsyncGenerator<string>;
}

/**
 * The most text a piece gathers before it is written: short strings die young (V8's scavenger frees them at
 * once), where a batch's whole text (megabytes) would wait in the old generation for a full collection.
 */
const PIECE_CHARS = 32 * 1024;

/** Every offer of the catalogue as the feed writes it, one piece per batch of products. */
async function* offerPieces(source: FeedSource, offer: (shop: FeedShop, o: FeedOffer) => string): AsyncGenerator<string> {
  let after = 0;
  for (;;) {
    if (source.stopped()) throw new Error('feed no longer wanted: the server is closing');
    const batch = await feedBatch(source.db, after, source.batchProducts);
    if (batch.lastProductId === null) return;
    let text = '';
    for (const o of batch.offers) {
      text += offer(source.shop, o);
      if (text.length < PIECE_CHARS) continue;
      yield text;
      text = '';
    }
    if (text) yield text;
    after = batch.lastProductId;
  }
}

export const YANDEX_FEED: FeedKind = {
  name: 'yandex',
  url: '/feeds/yandex.yml',
  extension: 'yml',
  async *pieces(source) {
    yield yandexHead(source.shop, await feedCategories(source.db));
    yield* offerPieces(source, yandexOffer);
    yield YANDEX_TAIL;
  },
};

export const GOOGLE_FEED: FeedKind = {
  name: 'google',
  url: '/feeds/google.xml',
  extension: 'xml',
  async *pieces(source) {
    yield googleHead(source.shop);
    yield* offerPieces(source, googleItem);
    yield GOOGLE_TAIL;
  },
};
