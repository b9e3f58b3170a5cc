// Shoppers who write while the load section reads: each keeps its own basket (its cookie), adds sizes in
// stock, changes quantities, removes lines, and every few changes places an order for courier delivery,
// until told to stop; after an order the next basket is a new visitor's at a new address (as X-Forwarded-For
// from loopback, which the shop believes), as the shop's caps on unpaid orders per shopper and address would
// otherwise refuse a fourth order. What the listing's figures are measured beside.
import { categoryPathOf, matchRoute } from '../../common/routes.ts';
interface Variant {
  ext_id: string;
}

export interface WriteFigures {
  basketChanges: number;
  orders: number;
  /** Refusals (sold out, limits) and failures: the shoppers go on after them. */
  refused: number;
  /** The most frequent refusals, "status message" -> how many. */
  reasons: Record<string, number>;
}

async function json<T>(res: Response): Promise<T> {
  return (await res.json()) as T;
}

/** Sizes in stock of the first products of the catalogue, and a city to deliver to. */
async function shoppingList(base: string): Promise<{ variants: Variant[]; regionId: number; cityId: number }> {
  const page = await json<{ results: { id: number; full_path_offer: string }[] }>(await fetch(`${base}/api/v1/offers/?limit=48&offset=0`));
  const variants: Variant[] = [];
  for (const o of page.results) {
    const categoryPath = categoryPathOf(matchRoute(o.full_path_offer)!, o.full_path_offer);
    const p = await json<{ variants: (Variant & { stock: number })[] }>(
      await fetch(`${base}/api/v1/product_offer/?categoryPath=${encodeURIComponent(categoryPath)}&pk=${o.id}`),
    );
    variants.push(...p.variants.filter((v) => v.stock > 0));
  }
  const [city] = await json<{ id: number; region_id: number }[]>(
    await fetch(`${base}/api/v1/cities/?data=${encodeURIComponent(JSON.stringify({ q: 'Моск' }))}`),
  );
  return { variants, regionId: city.region_id, cityId: city.id };
}

export interface Shoppers {
  stop(): Promise<WriteFigures>;
}

/** Starts `count` shoppers against the shop at base. */
export async function startShoppers(base: string, count: number): Promise<Shoppers> {
  const { variants, regionId, cityId } = await shoppingList(base);
  const figures: WriteFigures = { basketChanges: 0, orders: 0, refused: 0, reasons: {} };
  let running = true;
  const shopper = async (n: number) => {
    let cookie = '';
    let step = 0;
    let visitor = 0;
    const call = async (method: string, path: string, body?: unknown) => {
      const res = await fetch(base + path, {
        method,
        headers: {
          cookie,
          'content-type': 'application/json',
          'idempotency-key': `bench-${n}-${step}-${Date.now()}`,
          'x-forwarded-for': `198.18.${n}.${visitor % 250}`,
        },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      const set = res.headers.get('set-cookie');
      if (set) cookie = set.split(';')[0];
      const answer = await json<{ cart?: { item_uuid: string }[]; guid?: string; message?: string }>(res).catch(
        () => ({}) as { cart?: undefined; guid?: undefined; message?: undefined },
      );
      if (!res.ok) {
        figures.refused += 1;
        const reason = `${res.status} ${answer.message ?? ''}`.trim();
        figures.reasons[reason] = (figures.reasons[reason] ?? 0) + 1;
      }
      return answer;
    };
    await call('GET', '/api/v2/cart/');
    while (running) {
      step += 1;
      const v = variants[(n * 7919 + step * 104729) % variants.length];
      const answer = await call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity: 1 });
      figures.basketChanges += 1;
      const line = answer.cart?.[0];
      if (line && step % 3 === 0) {
        await call('PUT', `/api/v2/cart/${line.item_uuid}/`, { quantity: 2, item_uuid: line.item_uuid });
        figures.basketChanges += 1;
      }
      if (step % 5 === 0) {
        const placed = await call('POST', '/api/v2/order/', {
          buyer: { fio: `Покупатель Нагрузки ${n}`, email: `load${n}@example.ru`, phone: '+79990001122' },
          region_id: regionId,
          city_id: cityId,
          address: 'ул. Тестовая, 1',
          delivery_method: 'courier',
        });
        if (placed.guid) figures.orders += 1;
        cookie = '';
        visitor += 1;
      }
    }
  };
  const done = Promise.all(Array.from({ length: count }, (_, n) => shopper(n)));
  return {
    async stop() {
      running = false;
      await done;
      return figures;
    },
  };
}
