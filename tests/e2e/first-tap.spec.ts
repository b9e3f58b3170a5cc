// A shopper's first taps, made while the app has not started yet (on a slow phone the page shows seconds
// before its scripts arrive): each test holds every script of the shop back, taps as a shopper would on
// what the server's HTML shows, then lets the scripts come. What was tapped takes effect once, as tapped.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { randomInt } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { pickProducts } from './basket-helpers.ts';

/** A phone-sized page whose scripts wait for `release()`: its navigations are not waited on for the app. */
async function heldPage(
  browser: Browser,
  options: { baseURL?: string; storageState?: unknown },
): Promise<{ context: BrowserContext; page: Page; release: () => Promise<void> }> {
  const context = await browser.newContext({
    baseURL: options.baseURL,
    storageState: options.storageState as never,
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { 'x-forwarded-for': `198.18.${randomInt(256)}.${randomInt(1, 255)}` },
  });
  const page = await context.newPage();
  let letGo!: () => void;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  return {
    context,
    page,
    release: async () => {
      letGo();
      await page.waitForSelector('html[data-ready]', { state: 'attached' });
    },
  };
}

test('a size tapped before the app starts is the size the basket gets', async ({ browser, baseURL, storageState, request }) => {
  const [pick] = await pickProducts(request, 1, 2);
  const { context, page, release } = await heldPage(browser, { baseURL, storageState });
  await page.goto(pick!.url, { waitUntil: 'commit' });
  await page.locator(`input[value="${pick!.extIds[1]}"]`).check({ force: true });
  await release();
  await expect(page.locator(`input[value="${pick!.extIds[1]}"]`)).toBeChecked();
  await page.getByRole('button', { name: 'Добавить в корзину' }).click();
  await expect(page.getByText('Добавлено в корзину.')).toBeVisible();
  await expect(page.getByText('Выберите размер')).toHaveCount(0);
  await page.goto('/basket');
  await expect(page.locator(`[data-ext-id="${pick!.extIds[1]}"]`)).toHaveCount(1);
  await context.close();
});

test('a size and «Добавить в корзину» tapped before the app starts add the line once', async ({
  browser,
  baseURL,
  storageState,
  request,
}) => {
  const [pick] = await pickProducts(request, 1, 2);
  const { context, page, release } = await heldPage(browser, { baseURL, storageState });
  await page.goto(pick!.url, { waitUntil: 'commit' });
  await page.locator(`input[value="${pick!.extIds[0]}"]`).check({ force: true });
  await page.getByRole('button', { name: 'Добавить в корзину' }).click();
  await release();
  await expect(page.getByText('Добавлено в корзину.')).toBeVisible();
  await expect(page.getByTestId('basket-count')).toHaveText('1');
  await page.goto('/basket');
  const line = page.locator(`[data-ext-id="${pick!.extIds[0]}"]`);
  await expect(line).toHaveCount(1);
  await expect(line.getByTestId('quantity')).toHaveText('1');
  await expect(page.getByTestId('basket-count')).toHaveText('1');
  await context.close();
});

test('the menu tapped before the app starts opens', async ({ browser, baseURL, storageState }) => {
  const { context, page, release } = await heldPage(browser, { baseURL, storageState });
  await page.goto('/kupalniki', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Меню' }).click();
  await release();
  await expect(page.getByRole('dialog', { name: 'Меню' })).toBeVisible();
  await context.close();
});
