// A crash of the shop on an on-disk PGlite loses no answered write: the real server process on a data
// folder, four shoppers changing their own baskets, the process killed with SIGKILL in the middle of their
// writes and started again on the same folder (the crash's lock is taken over). Every change that was
// answered 2xx is in the basket; the one change in flight at the kill may or may not have been kept.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { categoryPathOf, matchRoute } from '../../common/routes.ts';
import { startShop, type ShopProcess } from '../../scripts/shop-process.ts';
import { seededDataDir } from './harness.ts';

const WRITERS = 4;
/** A line grows by one per change up to this, then is set back to 1 (PUT): both kinds of write are checked. */
const LINE_TOP = 4;
/** Answered writes, all shoppers together, before the kill: the kill comes in the middle of the writing. */
const ANSWERED_BEFORE_KILL = 60;

type Cart = { cart: { ext_id: string; item_uuid: string; quantity: number }[] };

/** A shopper's basket as the shop answered it, and the one change it had sent and not yet heard back about. */
interface Basket {
  cookie: string;
  answered: Map<string, number>;
  inFlight?: { extId: string; quantity: number };
}

describe('a PGlite shop killed in the middle of writes', () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-kill-'));
  const env = { DATA_DIR: dir, DATABASE_URL: '', DIST_DIR: '/nonexistent', LOG_LEVEL: 'warn' };
  let shop: ShopProcess | undefined;
  afterAll(async () => {
    await shop?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('keeps every basket change it answered 2xx', async () => {
    await seededDataDir(dir);
    shop = await startShop(env);
    const base = shop.url;
    const sizes = await sizesInStock(base, WRITERS * 3);

    let answeredWrites = 0;
    const refusals: string[] = [];
    let killing: (() => void) | undefined;
    const killTime = new Promise<void>((resolve) => (killing = resolve));
    const writer = async (n: number): Promise<Basket> => {
      const first = await fetch(`${base}/api/v2/cart/`);
      const basket: Basket = {
        cookie: first.headers
          .getSetCookie()
          .map((c) => c.split(';')[0])
          .join('; '),
        answered: new Map(),
      };
      const mine = sizes.slice(n * 3, n * 3 + 3);
      const lineIds = new Map<string, string>();
      for (let i = 0; ; i++) {
        const extId = mine[i % mine.length];
        const now = basket.answered.get(extId) ?? 0;
        const put = now >= LINE_TOP;
        basket.inFlight = { extId, quantity: put ? 1 : now + 1 };
        let res: Response;
        try {
          res = put
            ? await send(base, basket.cookie, 'PUT', `/api/v2/cart/${lineIds.get(extId)}/`, { quantity: 1, item_uuid: lineIds.get(extId) })
            : await send(base, basket.cookie, 'POST', '/api/v2/cart/', { ext_id: extId, quantity: 1 });
        } catch {
          return basket; // the process is gone: this change is the one in flight
        }
        const body = (await res.json().catch(() => null)) as Cart | null;
        if (!res.ok || !body) {
          refusals.push(`${res.status} ${JSON.stringify(body)}`); // none expected: each size has the stock
          if (refusals.length > 20) killing!(); // and the test ends rather than loop
          continue;
        }
        const line = body.cart.find((l) => l.ext_id === extId);
        if (line) {
          basket.answered.set(extId, line.quantity);
          lineIds.set(extId, line.item_uuid);
        }
        basket.inFlight = undefined;
        if (++answeredWrites === ANSWERED_BEFORE_KILL) killing!();
      }
    };
    const writers = Array.from({ length: WRITERS }, (_, n) => writer(n));
    await killTime;
    await shop.crash();
    const baskets = await Promise.all(writers);

    shop = await startShop(env);
    expect(refusals).toEqual([]);
    expect(answeredWrites).toBeGreaterThanOrEqual(ANSWERED_BEFORE_KILL);
    for (const basket of baskets) {
      const res = await fetch(`${shop.url}/api/v2/cart/`, { headers: { cookie: basket.cookie } });
      const held = new Map(((await res.json()) as Cart).cart.map((l) => [l.ext_id, l.quantity]));
      for (const [extId, quantity] of basket.answered) {
        const keptInFlight = basket.inFlight?.extId === extId && held.get(extId) === basket.inFlight.quantity;
        if (!keptInFlight) expect({ extId, quantity: held.get(extId) }).toEqual({ extId, quantity });
      }
    }
  }, 300_000);
});

function send(base: string, cookie: string, method: string, url: string, body: unknown): Promise<Response> {
  return fetch(base + url, {
    method,
    headers: { cookie, 'content-type': 'application/json', 'idempotency-key': randomUUID() },
    body: JSON.stringify(body),
  });
}

/** `count` sizes with enough stock for the test's lines, from the first products of the listing. */
async function sizesInStock(base: string, count: number): Promise<string[]> {
  const page = (await (await fetch(`${base}/api/v1/offers/?limit=48&offset=0`)).json()) as {
    results: { id: number; full_path_offer: string }[];
  };
  const found: string[] = [];
  for (const offer of page.results) {
    const categoryPath = categoryPathOf(matchRoute(offer.full_path_offer)!, offer.full_path_offer);
    const product = (await (
      await fetch(`${base}/api/v1/product_offer/?categoryPath=${encodeURIComponent(categoryPath)}&pk=${offer.id}`)
    ).json()) as {
      variants?: { ext_id: string; stock: number }[];
    };
    found.push(...(product.variants ?? []).filter((v) => v.stock >= LINE_TOP).map((v) => v.ext_id));
    if (found.length >= count) return found.slice(0, count);
  }
  throw new Error(`fewer than ${count} sizes in stock among the first products`);
}
