// Once the service worker controls the page, the shop opens offline: the page as the server rendered it
// and its pictures from the worker's caches, even what the first visit loaded before the worker took over. And with every tab closed, the worker itself sends the basket changes queued offline
// when Background Sync fires (fired here through DevTools, as the browser would when the network returns),
// and the next visit says why a change was refused.
import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { CACHE_NAMES, OUTBOX_SYNC_TAG } from '../../common/storage-keys.ts';
import { cacheKindFor } from '../../sw/cache-rules.ts';
import { addFromProductPage, basketWithOneLine, clickBasketLink, line, pickProducts } from './basket-helpers.ts';
import { controlled, serviceWorkerDevtools } from './service-worker-devtools.ts';

test('after the service worker takes over, an offline reload still shows the home page with its data', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByTestId('new-list').locator('.offer-card')).toHaveCount(8);
  await controlled(page);
  // The worker stores what the first visit loaded before it took control: the page as the server rendered
  // it, and every picture it shows (by the worker's own rules); wait until all of them are cached.
  const origin = new URL(page.url()).origin;
  const loaded = await page.evaluate(() => performance.getEntriesByType('resource').map((e) => e.name));
  const kept = [page.url(), ...loaded.filter((u) => cacheKindFor(new URL(u), 'GET', origin) !== null)];
  expect(kept.some((u) => u.includes('/media/'))).toBe(true);
  // Polled from here: waitForFunction does not wait for an async predicate's answer (a promise is truthy).
  await expect
    .poll(() => page.evaluate(async (urls) => (await Promise.all(urls.map((u) => caches.match(u)))).every(Boolean), kept), {
      timeout: 15_000,
    })
    .toBe(true);
  const firstNames = await page.getByTestId('new-list').locator('.offer-card__name').allInnerTexts();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Нет подключения к интернету. Показываем сохранённые данные.')).toBeVisible();
  await expect(page.getByRole('link', { name: '+7 (495) 120-45-67', exact: true })).toBeVisible();
  await expect(page.getByTestId('new-list').locator('.offer-card__name')).toHaveText(firstNames);
  const prices = await page.locator('.offer-card .price:not(.price--old)').allInnerTexts();
  expect(prices.length).toBeGreaterThanOrEqual(16);
  await expect(page.locator('.hero img')).toHaveJSProperty('complete', true);
  expect(await page.locator('.hero img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
  // The first card's photograph too: the variant the page used (AVIF, in Chromium), from the worker's cache.
  const photo = page.getByTestId('new-list').locator('.offer-card__picture img').first();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await photo.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(
    /\/media\/p\/[0-9a-f]{24}-\d+x\d+-[0-9a-f]{6}\/\d+\.avif$/,
  );

  await context.setOffline(false);
});

test('the page landed on is kept before the worker controls it: reloaded offline at once, it is the same page with the same title', async ({
  page,
  context,
}) => {
  await page.goto('/');
  const onlineTitle = await page.title();
  await controlled(page);
  // Not polled: the worker took control only once the page was kept (its install keeps the open pages).
  expect(await page.evaluate(() => caches.match(location.href).then((kept) => kept !== undefined))).toBe(true);

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Нет подключения к интернету. Показываем сохранённые данные.')).toBeVisible();
  await expect(page).toHaveTitle(onlineTitle);
  await context.setOffline(false);
});

test('with every tab closed, the service worker sends the queued basket changes when Background Sync fires', async ({
  context,
  request,
}) => {
  const [a] = await pickProducts(request, 1, 2);
  const page = await context.newPage();
  await basketWithOneLine(page, a);

  await context.setOffline(true);
  // One more of the second size than the shop has: the last of these adds will be refused.
  const left = a.stocks[1];
  for (let i = 0; i <= left; i++) await addFromProductPage(page, a, a.extIds[1]);
  await clickBasketLink(page);
  await expect(line(page, a.extIds[1]).getByTestId('quantity')).toHaveText(String(left + 1));
  await line(page, a.extIds[0]).getByRole('button', { name: 'Увеличить' }).click();
  await line(page, a.extIds[0]).getByRole('button', { name: 'Увеличить' }).click();
  await expect(line(page, a.extIds[0]).getByTestId('quantity')).toHaveText('3');
  await expect(page.getByTestId('pending-note')).toContainText('Нет связи');

  // DevTools fires the sync event (the browser would, once the network returns).
  const { cdp, origin, registrationId } = await serviceWorkerDevtools(context, new URL(page.url()).origin);

  // The API is reached from outside the browser here, which the offline switch does not cover.
  const serverCart = async () => {
    const body = (await (await context.request.get('/api/v2/cart/')).json()) as { cart: { ext_id: string; quantity: number }[] };
    return body.cart.map((l) => [l.ext_id, l.quantity]).sort();
  };
  expect(await serverCart()).toEqual([[a.extIds[0], 1]]); // nothing went out while offline

  // With the last tab closed only the worker can send. (The browser may fire a sync of its own once the
  // network is back; the pages' lock and the Idempotency-Keys make the two harmless together.)
  await page.close();
  await context.setOffline(false);

  await cdp.send('ServiceWorker.dispatchSyncEvent', { origin, registrationId, tag: OUTBOX_SYNC_TAG, lastChance: false });
  await expect.poll(serverCart, { timeout: 20_000 }).toEqual(
    [
      [a.extIds[0], 3],
      [a.extIds[1], left],
    ].sort(),
  );

  // The next visit shows the confirmed basket, nothing left to send, and why the last add was refused.
  const next = await context.newPage();
  await next.goto('/basket');
  await expect(line(next, a.extIds[0]).getByTestId('quantity')).toHaveText('3');
  await expect(line(next, a.extIds[1]).getByTestId('quantity')).toHaveText(String(left));
  await expect(line(next, a.extIds[1])).not.toHaveClass(/is-pending/);
  await expect(next.getByTestId('pending-note')).toBeHidden();
  await expect(next.getByRole('alert')).toContainText(`Осталось только ${left} шт.`);
});

test('a page reached by a click inside the app opens offline as the server rendered it, not as the bare shell', async ({
  page,
  context,
}) => {
  await page.goto('/');
  await controlled(page);
  await page.getByRole('link', { name: 'Новинки', exact: true }).first().click();
  await expect(page).toHaveURL(/\/new$/);
  const url = page.url();
  // Kept once the browser is idle: polled (waitForFunction does not wait for an async predicate).
  await expect
    .poll(() => page.evaluate(async (u) => (await caches.match(u, { ignoreVary: true })) !== undefined, url), { timeout: 15_000 })
    .toBe(true);
  const cards = page.getByTestId('listing-grid').locator('.offer-card__name');
  await expect(cards.first()).toBeVisible(); // the list, loaded in the app after the click
  const names = await cards.allInnerTexts();

  await context.setOffline(true);
  await page.goto('/new');
  // The server's rendering carries its data block; the bare shell has none.
  await expect(page.locator('#shop-data')).toHaveCount(1);
  await expect(page.getByTestId('listing-grid').locator('.offer-card__name')).toHaveText(names);
  await context.setOffline(false);
});

test('losing the network tells the shopper without moving the page under their finger', async ({ page, context, request }) => {
  const [p] = await pickProducts(request, 1, 1);
  await page.goto(p.url);
  const size = page.locator(`input[value="${p.extIds[0]}"]`);
  const where = () => size.evaluate((el) => Math.round(el.getBoundingClientRect().y));
  const before = await where();

  await context.setOffline(true);
  await expect(page.getByText('Нет подключения к интернету. Показываем сохранённые данные.')).toBeVisible();
  // A tap aimed at the size just before the message came still lands on it.
  expect(await where()).toBe(before);
  await size.check({ force: true });
  await expect(size).toBeChecked();
  await context.setOffline(false);
  await expect(page.getByText('Нет подключения к интернету. Показываем сохранённые данные.')).toBeHidden();
  expect(await where()).toBe(before);
});

/** Until this build's pages cache holds the page at url (and, with its data, the answers it was rendered with). */
async function kept(page: Page, url: string, withItsData = false): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate(
          async ({ u, api, data }) => {
            const names = (await caches.keys()).filter((n) => n.includes('pages'));
            const pages = await Promise.all(names.map(async (n) => (await caches.open(n)).match(u, { ignoreVary: true })));
            const answers = data ? await (await caches.open(api)).keys() : [];
            return pages.some(Boolean) && (!data || answers.some((r) => r.url.includes('/get_seo/')));
          },
          { u: url, api: CACHE_NAMES.api, data: withItsData },
        ),
      { timeout: 15_000 },
    )
    .toBe(true);
}

test('the installed app opened offline from its icon, and a link with utm_ tags, show the home page with its goods', async ({
  page,
  context,
}) => {
  await page.goto('/');
  const manifestUrl = await page.locator('link[rel="manifest"]').getAttribute('href');
  const manifest = (await (await page.request.get(manifestUrl!)).json()) as { start_url: string };
  expect(manifest.start_url).toContain('?'); // the icon opens an address the shopper never typed
  await controlled(page);
  await kept(page, new URL('/', page.url()).href);
  const names = await page.getByTestId('new-list').locator('.offer-card__name').allInnerTexts();

  await context.setOffline(true);
  for (const address of [manifest.start_url, '/?utm_source=vk&utm_medium=social&utm_campaign=leto&yclid=123']) {
    await page.goto(address);
    await expect(page.getByTestId('new-list').locator('.offer-card__name')).toHaveText(names);
    await expect(page.getByTestId('sale-list').locator('.offer-card')).not.toHaveCount(0);
    await expect(page.getByText('Не удалось загрузить товары')).toHaveCount(0);
  }
  await context.setOffline(false);
});

test('a page shown once opens offline from its data even when its kept copy is gone (another build, an evicted page)', async ({
  page,
  context,
}) => {
  await page.goto('/kupalniki');
  await controlled(page);
  await kept(page, page.url(), true);
  const names = await page.getByTestId('listing-grid').locator('.offer-card__name').allInnerTexts();
  expect(names.length).toBeGreaterThan(0);
  // The app's own request to keep this page answered first: it comes after the worker's install kept it, and
  // one still on its way when the caches are emptied keeps the page again (a CI run on a loaded machine).
  await expect(page.locator('html[data-offline-ready]')).toBeAttached();
  // The pages cache is per build: the next version of the app starts without the pages this one kept.
  await page.evaluate(async () => {
    for (const name of await caches.keys()) if (name.includes('pages')) await caches.delete(name);
  });

  await context.setOffline(true);
  await page.goto('/kupalniki?utm_source=telegram');
  await expect(page.locator('#shop-data')).toHaveCount(0); // the app shell, filled from the cached answers
  await expect(page.getByRole('heading', { level: 1, name: 'Купальники' })).toBeVisible();
  await expect(page.getByTestId('listing-grid').locator('.offer-card__name')).toHaveText(names);
  await context.setOffline(false);
});
