// What the basket's e2e tests share: products of the seed with sizes in stock (found through the public
// API), adding a size from its product page, and a basket line by its ext_id.
import { controlled } from './service-worker-devtools.ts';
import { expect, type APIRequestContext, type Page } from '@playwright/test';
import type { Paged } from '../../common/contract/base.ts';
import type { Offer, ProductOffer } from '../../common/contract/catalog.ts';
import { categoryPathOf, matchRoute } from '../../common/routes.ts';

export interface Pick {
  url: string;
  name: string;
  extIds: string[];
  /** Stock of each of extIds, in the same order. */
  stocks: number[];
  /** The product's API address (GET /api/v1/product_offer/), to read its stock again. */
  offerUrl: string;
}

/**
 * Products of a category with at least `sizes` single-size variants of their first colour with `minStock`
 * or more left. The tests run side by side on one shop: a test whose counts depend on stock (the chaos
 * test) takes goods of a category no test orders from.
 */
export async function pickProducts(
  request: APIRequestContext,
  count: number,
  sizes: number,
  category = 'odezhda',
  minStock = 5,
): Promise<Pick[]> {
  const data = encodeURIComponent(JSON.stringify({ categories: [category] }));
  const page = (await (await request.get(`/api/v1/offers/?limit=60&data=${data}`)).json()) as Paged<Offer>;
  const picks: Pick[] = [];
  for (const o of page.results) {
    const root = categoryPathOf(matchRoute(o.full_path_offer)!, o.full_path_offer);
    const offerUrl = `/api/v1/product_offer/?categoryPath=${root}&pk=${o.id}`;
    const p = (await (await request.get(offerUrl)).json()) as ProductOffer;
    const first = p.offer.colors[0]?.slug;
    const ok = p.variants.filter((v) => v.kind === 'size' && v.stock >= minStock && v.color.slug === first).slice(0, sizes);
    if (ok.length === sizes)
      picks.push({ url: o.full_path_offer, name: o.name, extIds: ok.map((v) => v.ext_id), stocks: ok.map((v) => v.stock), offerUrl });
    if (picks.length === count) return picks;
  }
  throw new Error('the seed has too few products in stock');
}

export async function addFromProductPage(page: Page, p: Pick, ext: string): Promise<void> {
  if (new URL(page.url()).pathname !== p.url) await page.goto(p.url);
  await page.locator(`input[value="${ext}"]`).check({ force: true });
  await page.getByRole('button', { name: 'Добавить в корзину' }).click();
  await expect(page.getByText('Добавлено в корзину.')).toBeVisible();
}

/** The stock of one of the pick's sizes now, as the shop's product answer says. */
export async function stockNow(request: APIRequestContext, p: Pick, ext: string): Promise<number | undefined> {
  const offer = (await (await request.get(p.offerUrl)).json()) as ProductOffer;
  return offer.variants.find((v) => v.ext_id === ext)?.stock;
}

/** The checkout's buyer fields as a visitor types them (the phone's ten digits into its mask), and Moscow as the city. */
export async function fillBuyer(page: Page, buyer: { fio: string; email: string; phoneDigits: string }): Promise<void> {
  await page.getByLabel('Фамилия, имя и отчество').fill(buyer.fio);
  await page.getByLabel('E-mail').fill(buyer.email);
  await page.getByLabel('Телефон').pressSequentially(buyer.phoneDigits);
  await page.getByLabel('Город').fill('Моск');
  await page
    .getByRole('option', { name: /^Москва/ })
    .first()
    .getByRole('button')
    .click();
}

export const line = (page: Page, ext: string) => page.locator(`[data-ext-id="${ext}"]`);

/** The header's basket link, clicked: the basket page, reached inside the app. */
export const clickBasketLink = (page: Page) =>
  page
    .getByRole('link', { name: /^Корзина/ })
    .first()
    .click();

/** The pick's first size in the basket, confirmed, on the basket page, with the service worker controlling it. */
export async function basketWithOneLine(page: Page, p: Pick): Promise<void> {
  await page.goto(p.url);
  await controlled(page);
  await addFromProductPage(page, p, p.extIds[0]);
  await clickBasketLink(page);
  await expect(line(page, p.extIds[0])).not.toHaveClass(/is-pending/);
}
