// What the cross-engine walk needs of the shop, made through its public API as any client would: a product in
// stock with two sizes, a shopper's account with a saved default address (the checkout fills its form from
// it), and the installed app's start address from the web app manifest.
import type { Paged } from '../../common/contract/base.ts';
import type { Offer, ProductOffer } from '../../common/contract/catalog.ts';
import { categoryPathOf, matchRoute } from '../../common/routes.ts';
import type { Engine } from './driver.ts';
import type { WalkSetup } from './walk.ts';

async function json<T>(res: Promise<Response>): Promise<T> {
  const r = await res;
  if (!r.ok) throw new Error(`${r.url}: ${r.status} ${await r.text()}`);
  return (await r.json()) as T;
}

/** A swimsuit with two sizes of its first colour in stock. */
async function productWithTwoSizes(shop: string): Promise<WalkSetup['product']> {
  const data = encodeURIComponent(JSON.stringify({ categories: ['kupalniki'] }));
  const page = await json<Paged<Offer>>(fetch(`${shop}/api/v1/offers/?limit=48&data=${data}`));
  for (const o of page.results) {
    const root = categoryPathOf(matchRoute(o.full_path_offer)!, o.full_path_offer);
    const p = await json<ProductOffer>(fetch(`${shop}/api/v1/product_offer/?categoryPath=${root}&pk=${o.id}`));
    const first = p.offer.colors[0]?.slug;
    const sizes = p.variants.filter((v) => v.kind === 'size' && v.stock >= 3 && v.color.slug === first).map((v) => v.ext_id);
    if (sizes.length >= 2) return { url: o.full_path_offer, name: o.name, sizes: [sizes[0], sizes[1]] };
  }
  throw new Error('the seed has no swimsuit with two sizes in stock');
}

/** A new account (its own e-mail each run) with Moscow as its saved default address. */
async function account(shop: string, engine: Engine): Promise<WalkSetup['account']> {
  const email = `walk.${engine}.${Date.now()}@example.ru`;
  const password = 'Parol2026';
  const post = (url: string, body: object, headers: Record<string, string> = {}) =>
    fetch(`${shop}${url}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
  const { token } = await json<{ token: string }>(
    post('/api/v1/sign_in/', { full_name: 'Соколова Мария Петровна', email, phone: '', password_one: password, password_two: password }),
  );
  const q = encodeURIComponent(JSON.stringify({ q: 'Москва' }));
  const cities = await json<{ id: number; region_id: number; name: string }[]>(fetch(`${shop}/api/v1/cities/?data=${q}`));
  const moscow = cities.find((c) => c.name === 'Москва')!;
  await json(
    post(
      '/api/v1/user_address/',
      { city: 'Москва', city_id: moscow.id, region_id: moscow.region_id, street: 'ул. Петровка', house: '17', flat: '5', is_default: true },
      { authorization: `Token ${token}` },
    ),
  );
  return { email, password };
}

/** The manifest's start_url, as the installed app opens it. */
async function startUrl(shop: string): Promise<string> {
  const html = await (await fetch(`${shop}/`)).text();
  const href = /<link rel="manifest" href="([^"]+)"/.exec(html)?.[1];
  if (!href) throw new Error('the page links no web app manifest');
  return (await json<{ start_url: string }>(fetch(new URL(href, shop)))).start_url;
}

export async function shopSetup(shop: string, engine: Engine): Promise<Omit<WalkSetup, 'stopShop'>> {
  return { shop, product: await productWithTwoSizes(shop), account: await account(shop, engine), startUrl: await startUrl(shop) };
}
