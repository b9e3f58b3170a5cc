// A shopper opens the shop: the home page shows the seeded goods with rouble prices inside the frame;
// wrong addresses get the error page; the app is installable.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { pickProducts } from './basket-helpers.ts';
import { controlled } from './service-worker-devtools.ts';

const PRICE = /^\d{1,3}(?:[\s\u00a0]\d{3})*[\s\u00a0]₽$/;

test('the home page shows seeded new and sale goods with prices like 1 234 ₽', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Море и Мода — на главную' })).toBeVisible();
  await expect(page.getByRole('link', { name: '+7 (495) 120-45-67', exact: true })).toBeVisible();
  await expect(page.getByText('Скидка 10% на первый заказ по промокоду LETO10')).toBeVisible();

  const newList = page.getByTestId('new-list');
  await expect(newList.getByRole('heading', { name: 'Новинки' })).toBeVisible();
  await expect(newList.locator('.offer-card')).toHaveCount(8);
  const prices = await page.locator('.offer-card .price:not(.price--old)').allInnerTexts();
  expect(prices.length).toBeGreaterThanOrEqual(16);
  for (const p of prices) expect(p).toMatch(PRICE);
  expect(prices.some((p) => /\d[\s\u00a0]\d{3}/.test(p))).toBe(true); // a price of four digits or more

  const sale = page.getByTestId('sale-list');
  await expect(sale.locator('.price--old').first()).toBeVisible();
  await expect(sale.locator('.mark--sale').first()).toHaveText(/^−\d+%$/);
  await expect(page).toHaveTitle(/Море и Мода/);
  await expect(page.locator('.offer-card img').first()).toHaveJSProperty('complete', true);
});

test('a favourite survives a reload', async ({ page }) => {
  await page.goto('/');
  const card = page.getByTestId('new-list').locator('.offer-card').first();
  await card.getByRole('button', { name: 'Добавить в избранное' }).click();
  await expect(page.getByTestId('favorites-count')).toHaveText('1');
  await page.reload();
  await expect(page.getByTestId('favorites-count')).toHaveText('1');
  await expect(card.getByRole('button', { name: 'Убрать из избранного' })).toBeVisible();
});

test('the favourites page and the counters never say "empty" while the page does not know yet', async ({ page }) => {
  await page.goto('/');
  await page.getByTestId('new-list').locator('.offer-card').first().getByRole('button', { name: 'Добавить в избранное' }).click();
  await expect(page.getByTestId('favorites-count')).toHaveText('1');
  // Everything the next load shows, from its first parsed byte on.
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { shown: string[] }).shown = seen;
    const look = () => {
      const count = document.querySelector('[data-testid="favorites-count"]')?.textContent;
      if (count !== undefined && count !== null) seen.push(`count ${count}`);
      if (document.querySelector('[data-testid="favorites-empty"]')) seen.push('empty');
    };
    new MutationObserver(look).observe(document, { subtree: true, childList: true, characterData: true });
  });
  await page.goto('/favorite');
  await expect(page.getByTestId('favorites-grid').locator('.offer-card')).toHaveCount(1);
  const shown = await page.evaluate(() => (window as unknown as { shown: string[] }).shown);
  expect(shown).not.toContain('empty');
  expect(shown.filter((s) => s.startsWith('count'))).not.toContain('count 0');
});

test("a favourite added in one tab survives a size picked in another, and each tab shows the other's", async ({ context, request }) => {
  const [product] = await pickProducts(request, 1, 2);
  const size = product!.extIds[1]!;
  const home = await context.newPage();
  const other = await context.newPage();
  await home.goto('/');
  await other.goto(product!.url);
  await expect(other.getByRole('heading', { level: 1 })).toHaveText(product!.name);

  await home.getByTestId('new-list').locator('.offer-card').first().getByRole('button', { name: 'Добавить в избранное' }).click();
  await expect(home.getByTestId('favorites-count')).toHaveText('1');
  await expect(other.getByTestId('favorites-count')).toHaveText('1'); // the other tab learns of it at once
  await other.locator(`input[value="${size}"]`).check({ force: true });

  await home.goto(product!.url);
  await expect(home.locator(`input[value="${size}"]`)).toBeChecked();
  await expect(home.getByTestId('favorites-count')).toHaveText('1');
  await other.reload();
  await expect(other.getByTestId('favorites-count')).toHaveText('1');
  await expect(other.locator(`input[value="${size}"]`)).toBeChecked();
});

test('a trailing slash is dropped and an unknown page says "Ошибка"', async ({ page }) => {
  const res = await page.goto('/kupalniki/');
  expect(new URL(page.url()).pathname).toBe('/kupalniki');
  expect(res?.status()).toBe(200);

  const missing = await page.goto('/ne-sushchestvuet/sovsem/nikak/nigde/voobshche');
  expect(missing?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Ошибка' })).toBeVisible();
  await expect(page.getByText('Страница, которую вы ищете, была удалена или перемещена.')).toBeVisible();
  await expect(page).toHaveTitle('Ошибка — Море и Мода');
  await page.getByRole('link', { name: 'Вернуться на главную' }).click();
  await expect(page.getByTestId('new-list').locator('.offer-card').first()).toBeVisible();
});

test('Chromium finds the app installable', async ({ baseURL }, testInfo) => {
  // Chromium never offers installation in an incognito profile, which is what a test context is.
  const profile = mkdtempSync(path.join(tmpdir(), 'shop-profile-'));
  const context = await chromium.launchPersistentContext(profile, {
    ...testInfo.project.use.launchOptions,
    baseURL,
    serviceWorkers: 'allow',
  });
  try {
    const page = context.pages()[0] ?? (await context.newPage());
    await page.goto('/');
    await controlled(page);
    const cdp = await context.newCDPSession(page);
    const { installabilityErrors } = await cdp.send('Page.getInstallabilityErrors');
    expect(installabilityErrors).toEqual([]);
    const manifestUrl = await page.locator('link[rel=manifest]').getAttribute('href');
    const manifest = await (await page.request.get(manifestUrl!)).json();
    expect(manifest).toMatchObject({ short_name: 'Море и Мода', lang: 'ru', display: 'standalone', start_url: '/?source=pwa' });
  } finally {
    await context.close();
    rmSync(profile, { recursive: true, force: true });
  }
});

test('on a phone every banner keeps its text inside its tile', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  const tiles = page.locator('.banner-row__item, .tile');
  await expect(tiles.first()).toBeVisible();
  await expect(page.locator('.banner-row__item', { hasText: 'Распродажа до −50%' })).toBeVisible();
  for (const tile of await tiles.all()) {
    await tile.scrollIntoViewIfNeeded();
    const box = (await tile.boundingBox())!;
    const text = (await tile.locator('span').boundingBox())!;
    const label = await tile.innerText();
    expect(text.x, label).toBeGreaterThanOrEqual(box.x);
    expect(text.y, label).toBeGreaterThanOrEqual(box.y);
    expect(text.x + text.width, label).toBeLessThanOrEqual(box.x + box.width + 0.5);
    expect(text.y + text.height, label).toBeLessThanOrEqual(box.y + box.height + 0.5);
  }
});
