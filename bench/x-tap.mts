// scratch: where the first-visit add's time goes (tap → POST → 303 → GET /basket → the line)
import { withBrowserShop } from './browser-shop.ts';
import { phonePage } from './phone-page.ts';
import { productOf } from './interactions.ts';

await withBrowserShop('dist', 'xtap', async ({ url, browser }) => {
  const shop = await productOf(url);
  for (let i = 0; i < 3; i++) {
    const { context, page } = await phonePage(browser);
    const t0 = Date.now();
    const log: string[] = [];
    const at = () => `${Date.now() - t0}`.padStart(5);
    page.on('request', (r) => { if (r.isNavigationRequest() || r.method() === 'POST') log.push(`${at()} → ${r.method()} ${r.url().replace(url, '')}`); });
    page.on('response', (r) => { if (r.request().isNavigationRequest() || r.request().method() === 'POST') log.push(`${at()} ← ${r.status()} ${r.url().replace(url, '')}`); });
    let inflight = 0; let maxIn = 0;
    page.on('request', () => { inflight++; maxIn = Math.max(maxIn, inflight); });
    page.on('requestfinished', () => inflight--); page.on('requestfailed', () => inflight--);
    await page.goto(url + shop.product, { waitUntil: 'commit' });
    await page.locator(`input[value="${shop.sizes[0]}"]`).check({ force: true, timeout: 60000 });
    log.push(`${at()} size tapped (in flight ${inflight})`);
    await page.getByRole('button', { name: 'Добавить в корзину' }).click({ timeout: 60000 });
    log.push(`${at()} add tapped (in flight ${inflight})`);
    await page.locator('.basket-line[data-ext-id], .add-to-basket [role="status"]').first().waitFor({ timeout: 60000 });
    log.push(`${at()} effect`);
    console.log(`run ${i}\n${log.join('\n')}`);
    await context.close();
  }
});
