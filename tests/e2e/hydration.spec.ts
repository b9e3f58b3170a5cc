// The server renders every page with its data and the app hydrates that HTML in place: no page logs a
// hydration mismatch or is rendered over afresh, and a browser without JavaScript (a crawler, a link
// preview) already sees a product's name, price and availability and a category's goods.
import { formatPrice } from '../../common/money.ts';
import { expect, test } from './fixtures.ts';

/** The server's elements, kept before the app runs (it loads after the page's load event). */
declare global {
  interface Window {
    serverElements?: Element[];
  }
}

const HYDRATION = /hydrat|Minified React error #(418|419|423|425)/i;

test('the main pages hydrate the server HTML without a mismatch', async ({ page, request }) => {
  const problems: string[] = [];
  page.on('console', (m) => {
    if (HYDRATION.test(m.text())) problems.push(`${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => problems.push(`${page.url()}: ${e.message}`));
  // What the server rendered the page with is not asked for again: its SEO record came in the page.
  const askedAgain: string[] = [];
  page.on('request', (r) => {
    if (r.url().includes('/api/v1/get_seo/')) askedAgain.push(r.url());
  });
  await page.addInitScript(() => {
    addEventListener('DOMContentLoaded', () => {
      window.serverElements = [...document.querySelectorAll('#root header, #root main > *, #root footer')];
    });
  });
  const { results } = (await (await request.get('/api/v1/offers/?limit=1&offset=0')).json()) as { results: { full_path_offer: string }[] };
  for (const url of [
    '/',
    '/kupalniki',
    results[0].full_path_offer,
    '/blog',
    '/brands',
    '/about',
    '/basket',
    '/sale?sort=price_asc&page=2',
  ]) {
    await page.goto(url); // waits for data-ready: every part has hydrated
    // The server's markup stays: the elements it rendered are the ones the app now runs in, not a new tree.
    const kept = await page.evaluate(() => (window.serverElements ?? []).map((el) => el.isConnected));
    expect(kept.length, url).toBeGreaterThanOrEqual(3);
    expect(kept, url).not.toContain(false);
  }
  expect(problems).toEqual([]);
  expect(askedAgain).toEqual([]);
});

test('without JavaScript a product page shows its name, price and availability, and a category its goods', async ({
  browser,
  baseURL,
  request,
}) => {
  const { results } = (await (await request.get('/api/v1/offers/?limit=1&offset=0')).json()) as {
    results: { name: string; full_path_offer: string; price: number }[];
  };
  const context = await browser.newContext({ javaScriptEnabled: false, baseURL });
  const page = await context.newPage();
  await page.goto(results[0].full_path_offer);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(results[0].name);
  await expect(page.getByTestId('product-price')).toHaveText(formatPrice(results[0].price));
  await expect(page.getByTestId('product-stock')).toHaveText(/В наличии|Нет в наличии/);
  await page.goto('/kupalniki');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Купальники');
  await expect(page.getByTestId('listing-grid').locator('.offer-card')).toHaveCount(24);
  await context.close();
});
