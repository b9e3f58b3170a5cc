// The response cache of public answers: each answer's bytes kept once per catalogue generation, with a
// strong ETag and its brotli and gzip forms computed when it is stored, bounded in memory by bytes (LRU).
// Lookups use the generation current when the request arrives; an answer is stored under the generation
// that was current before it was computed, so an answer computed while the catalogue changed is stored
// under a generation nobody asks for any more: a stale answer after a change is impossible by construction.
// Generations move on when the database announces a change (catalogue-notices.ts): the catalogue version
// for every answer, and a per-product count for the product pages (stock changes with every order).
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { cacheKey } from './cache-key.ts';
import { splitUrl } from './split-url.ts';
import { strongEtag, type StoredResponse } from './stored-response.ts';

type CachedAnswer = StoredResponse;

export interface CacheStats {
  hits: number;
  misses: number;
  /** Requests that waited for the same answer being computed by another request, then were served from it. */
  joined: number;
  entries: number;
  bytes: number;
}

/** What a computation gives to store: the body, its status when not 200, and whether it may be kept. */
export interface Computed {
  body: string | Buffer;
  status?: number;
  /** False for an answer to send but not keep (a page rendered while the database was failing). */
  keep?: boolean;
}

export interface KeyOptions {
  /** The product whose stock the answer shows (a product page): the key follows that product's changes. */
  productId?: number;
  /** Sets apart another kind of answer kept here for the same URL (a rendered page: its build, its variant). */
  scope?: string;
  /** False when the answer does not depend on the query (an endpoint without one): any query shares one entry. */
  query?: boolean;
}

/** Waiters give up on a computation that takes longer and compute for themselves. */
const JOIN_TIMEOUT_MS = 5_000;

export class ResponseCache {
  private readonly entries: LRUCache<string, CachedAnswer>;
  private readonly inFlight = new Map<string, Promise<CachedAnswer | undefined>>();
  private catalogueVersion = 0;
  /** Bumped for every product when a notice named all of them ('*') or notices may have been lost. */
  private stockEpoch = 0;
  private readonly productGenerations = new Map<number, number>();
  private counts = { hits: 0, misses: 0, joined: 0 };

  constructor(maxBytes: number) {
    this.entries = new LRUCache<string, CachedAnswer>({
      maxSize: Math.max(maxBytes, 1),
      sizeCalculation: (a, key) => a.identity.length + (a.br?.length ?? 0) + (a.gzip?.length ?? 0) + key.length + 64,
    });
  }

  /** The catalogue version the database announced (or was read at start); an older one is ignored. */
  setCatalogueVersion(version: number): void {
    if (!(version > this.catalogueVersion)) return;
    this.catalogueVersion = version;
    // Every entry is now unreachable: free the memory at once instead of waiting for the LRU.
    this.entries.clear();
  }

  /** These products' variants changed: their pages are computed again. */
  productsChanged(ids: readonly number[]): void {
    for (const id of ids) this.productGenerations.set(id, (this.productGenerations.get(id) ?? 0) + 1);
  }

  /** Every product may have changed (a notice too long to name them, or notices lost with a connection). */
  allProductsChanged(): void {
    this.stockEpoch += 1;
    this.productGenerations.clear();
  }

  /** The generation part of a key: the catalogue version, and the product's own count for a product page. */
  generation(productId?: number): string {
    const catalogue = `c${this.catalogueVersion}`;
    return productId === undefined
      ? catalogue
      : `${catalogue}.s${this.stockEpoch}.p${productId}.${this.productGenerations.get(productId) ?? 0}`;
  }

  /** The key of the answer to this URL: the generation it belongs to and the normalised request (cache-key.ts). */
  keyOf(url: string, opts: KeyOptions = {}): string {
    const key = `${this.generation(opts.productId)}|${cacheKey(opts.query === false ? splitUrl(url)[0] : url)}`;
    return opts.scope ? `${opts.scope}|${key}` : key;
  }

  /**
   * The answer stored under key, else `compute`'s, computed once however many ask at the same time (the
   * others wait for it) and kept unless it says not to; a computation that throws leaves nothing stored.
   */
  async getOrCompute(key: string, compute: () => Promise<Computed>): Promise<CachedAnswer> {
    const stored = this.get(key) ?? (await this.join(key));
    if (stored) return stored;
    let fresh: Computed;
    try {
      fresh = await compute();
    } catch (err) {
      this.computed(key, null);
      throw err;
    }
    if (fresh.keep !== false) return this.computed(key, fresh.body, fresh.status)!;
    this.computed(key, null);
    return storedForm(fresh.body, fresh.status);
  }

  get(key: string): CachedAnswer | undefined {
    const hit = this.entries.get(key);
    if (hit) this.counts.hits += 1;
    return hit;
  }

  /**
   * A miss: resolves to the answer another request is computing for this key (counted as joined), or to
   * undefined when this request is the one to compute it; then `computed` must be called once.
   */
  async join(key: string): Promise<CachedAnswer | undefined> {
    const pending = this.inFlight.get(key);
    if (pending) {
      let timer: NodeJS.Timeout | undefined;
      const givenUp = new Promise<undefined>((r) => (timer = setTimeout(() => r(undefined), JOIN_TIMEOUT_MS).unref()));
      const answer = await Promise.race([pending, givenUp]);
      clearTimeout(timer);
      if (answer) {
        this.counts.joined += 1;
        return answer;
      }
    }
    this.counts.misses += 1;
    if (!this.inFlight.has(key)) this.inFlight.set(key, new Promise((resolve) => this.resolvers.set(key, resolve)));
    return undefined;
  }

  private readonly resolvers = new Map<string, (a: CachedAnswer | undefined) => void>();

  /** The computing request finished: store its answer (its text, and status when not 200), or nothing, and release the waiters. */
  computed(key: string, body: string | Buffer | null, status = 200): CachedAnswer | undefined {
    const answer = body === null ? undefined : storedForm(body, status);
    if (answer) this.entries.set(key, answer);
    this.resolvers.get(key)?.(answer);
    this.resolvers.delete(key);
    this.inFlight.delete(key);
    return answer;
  }

  stats(): CacheStats {
    return { ...this.counts, entries: this.entries.size, bytes: this.entries.calculatedSize };
  }
}

/** The stored form of an answer with its status (kept only when it is not 200). */
const storedForm = (body: string | Buffer, status = 200): CachedAnswer => ({ ...compressed(body), ...(status === 200 ? {} : { status }) });

/** An answer's bytes, compressed once with brotli and gzip, and its ETag. */
function compressed(body: string | Buffer): CachedAnswer {
  const identity = typeof body === 'string' ? Buffer.from(body) : body;
  return {
    identity,
    // Compressed while the request that missed waits: quality 5 takes about 0.1 ms for an 11 kB listing and
    // shrinks it as much as quality 9 does (which takes 2 ms); 11 would take 13 ms for 7% less.
    br: brotliCompressSync(identity, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 5, [constants.BROTLI_PARAM_SIZE_HINT]: identity.length },
    }),
    gzip: gzipSync(identity, { level: 6 }),
    etag: strongEtag(identity),
  };
}
