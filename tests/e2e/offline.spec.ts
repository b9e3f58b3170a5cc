// Once the service worker controls the page, the shop opens offline: the shell from the precache, the
// catalogue data and pictures from the runtime caches, even for what the first visit loaded before the
// worker took over.
import { expect, test } from '@playwright/test';

test('after the service worker takes over, an offline reload still shows the home page with its data', async ({ page, context }) => {
  await page.goto('/');
  await expect(page.getByTestId('new-list').locator('.offer-card')).toHaveCount(8);
  await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
  // The worker stores what the first visit loaded before it took control; wait until it has.
  await page.waitForFunction(async () => {
    const hit = await caches.match('/api/v1/offers/new/?limit=24&offset=0');
    return hit !== undefined;
  });
  const firstNames = await page.getByTestId('new-list').locator('.offer-card__name').allInnerTexts();

  await context.setOffline(true);
  await page.reload();
  await expect(page.getByText('Нет подключения к интернету. Показываем сохранённые данные.')).toBeVisible();
  await expect(page.getByText('+7 (495) 120-45-67').first()).toBeVisible();
  await expect(page.getByTestId('new-list').locator('.offer-card__name')).toHaveText(firstNames);
  const prices = await page.locator('.offer-card .price:not(.price--old)').allInnerTexts();
  expect(prices.length).toBeGreaterThanOrEqual(16);
  await expect(page.locator('.hero img')).toHaveJSProperty('complete', true);
  expect(await page.locator('.hero img').evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  await context.setOffline(false);
});
