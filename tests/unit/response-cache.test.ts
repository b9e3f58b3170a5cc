// The response cache's rules, without a server: keys that make equivalent requests one entry, an answer
// computed while the catalogue changed never served afterwards, one computation for many waiting requests,
// and memory bounded by bytes.
import { describe, expect, it } from 'vitest';
import { cacheKey } from '../../server/http/cache-key.ts';
import { ResponseCache } from '../../server/http/response-cache.ts';
import { CardCache } from '../../server/catalog/card-cache.ts';

const data = (filter: object) => encodeURIComponent(JSON.stringify(filter));

describe('cacheKey', () => {
  it('sorts the query, the filter keys and its lists, drops repeats, an empty filter and the trailing slash', () => {
    const a = cacheKey(`/api/v1/offers/?limit=24&offset=0&data=${data({ sizes: ['M', 'S'], sort: 'new' })}`);
    const b = cacheKey(`/api/v1/offers?data=${data({ sort: 'new', sizes: ['S', 'M', 'M'] })}&offset=0&limit=24`);
    expect(a).toBe(b);
    expect(cacheKey(`/api/v1/offers/?data=${data({})}&limit=24`)).toBe(cacheKey('/api/v1/offers?limit=24'));
  });

  it('keeps different requests apart', () => {
    expect(cacheKey('/api/v1/offers/?limit=24&offset=24')).not.toBe(cacheKey('/api/v1/offers/?limit=24&offset=0'));
    expect(cacheKey(`/api/v1/offers/?data=${data({ sizes: ['M'] })}`)).not.toBe(cacheKey(`/api/v1/offers/?data=${data({ sizes: ['S'] })}`));
    expect(cacheKey('/api/v1/offers/?data=not-json')).toBe('/api/v1/offers?data=not-json');
  });
});

describe('ResponseCache', () => {
  it('never serves an answer computed while the catalogue changed', async () => {
    const cache = new ResponseCache(1 << 20);
    cache.setCatalogueVersion(7);
    const key = `${cache.generation()}|/api/v1/offers`;
    expect(await cache.join(key)).toBeUndefined(); // this request computes, reading the old catalogue...
    cache.setCatalogueVersion(8); // ...while a change commits and is announced
    cache.computed(key, '{"price":100}');
    expect(cache.get(`${cache.generation()}|/api/v1/offers`)).toBeUndefined();
    cache.setCatalogueVersion(7); // an older version arriving late changes nothing
    expect(cache.generation()).toBe('c8');
  });

  it("follows a product's own changes for its page only", () => {
    const cache = new ResponseCache(1 << 20);
    const page = cache.generation(12);
    const other = cache.generation(13);
    cache.productsChanged([12]);
    expect(cache.generation(12)).not.toBe(page);
    expect(cache.generation(13)).toBe(other);
    expect(cache.generation()).toBe('c0');
    cache.allProductsChanged();
    expect(cache.generation(13)).not.toBe(other);
  });

  it('lets requests that arrive while an answer is computed wait for it instead of computing it again', async () => {
    const cache = new ResponseCache(1 << 20);
    const key = 'c0|/api/v1/brands';
    expect(await cache.join(key)).toBeUndefined();
    const waiting = [cache.join(key), cache.join(key)];
    cache.computed(key, '[1,2,3]');
    const answers = await Promise.all(waiting);
    expect(answers.map((a) => a?.identity.toString())).toEqual(['[1,2,3]', '[1,2,3]']);
    expect(cache.stats()).toMatchObject({ misses: 1, joined: 2 });
    expect(cache.get(key)?.identity.toString()).toBe('[1,2,3]');
  });

  it('keeps its entries, compressed forms included, within the bytes it is given', () => {
    const cache = new ResponseCache(64 * 1024);
    for (let i = 0; i < 200; i++) {
      const body = JSON.stringify(Array.from({ length: 300 }, (_, n) => `${i}-${n}-${Math.random()}`));
      cache.computed(`c0|/k${i}`, body);
    }
    const { bytes, entries } = cache.stats();
    expect(bytes).toBeLessThanOrEqual(64 * 1024);
    expect(entries).toBeGreaterThan(0);
    expect(entries).toBeLessThan(200);
  });
});

describe('CardCache', () => {
  /** A database that answers offerCards with a card per id, named by how many times it was asked. */
  function cardsDb() {
    let asked = 0;
    const db = {
      async query<T>(_sql: string, params: readonly unknown[] = []): Promise<T[]> {
        asked += 1;
        return (params[0] as number[]).map((id) => ({ id, name: `read ${asked}` })) as T[];
      },
      exec: async () => undefined,
    };
    return { db, asked: () => asked };
  }

  it('reads each card once per catalogue version, and again after a bump', async () => {
    const cache = new CardCache();
    cache.setVersion(1);
    const { db, asked } = cardsDb();
    expect((await cache.cardsOf(db, [3, 1])).map((c) => c.id)).toEqual([3, 1]);
    expect((await cache.cardsOf(db, [1, 2, 3])).map((c) => c.name)).toEqual(['read 1', 'read 2', 'read 1']);
    expect(asked()).toBe(2);
    cache.setVersion(2);
    expect((await cache.cardsOf(db, [1])).map((c) => c.name)).toEqual(['read 3']);
  });

  it('does not keep a card read while the version moved on', async () => {
    const cache = new CardCache();
    cache.setVersion(1);
    const { db } = cardsDb();
    const reading = cache.cardsOf(db, [5]);
    cache.setVersion(2); // a change is announced while the card is being read
    await reading;
    expect((await cache.cardsOf(db, [5])).map((c) => c.name)).toEqual(['read 2']);
  });
});
