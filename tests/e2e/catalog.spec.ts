// A shopper walks the catalogue: from the home page through the menu into a category, filters by size,
// sorts by price, reaches page 2, opens a product, picks a size, and sees breadcrumbs and title; the same
// walk on a phone through the mobile menu; wrong product and page addresses say 'Ошибка'.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const priceOf = (text: string) => Number(text.replace(/[^\d]/g, ''));

async function pricesOnPage(page: Page): Promise<number[]> {
  const texts = await page.getByTestId('listing-grid').locator('.offer-card .price:not(.price--old)').allInnerTexts();
  return texts.map(priceOf);
}

/** On a subcategory page reached from a menu: go up to the root through the breadcrumbs. */
async function upToRoot(page: Page) {
  await expect(page.getByRole('heading', { level: 1, name: 'Бикини' })).toBeVisible();
  const crumbs = page.getByRole('navigation', { name: 'Навигационная цепочка' });
  await expect(crumbs).toHaveText(/Главная.*Купальники.*Бикини/);
  await expect(page).toHaveTitle(/Бикини/);
  await crumbs.getByRole('link', { name: 'Купальники' }).click();
  await expect(page).toHaveURL(/\/kupalniki$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Купальники' })).toBeVisible();
}

async function filterAndSort(page: Page) {
  const total = await page.getByTestId('offers-count').innerText();
  // Size filter: the URL keeps it and the list narrows.
  await page.getByRole('group', { name: 'Размер' }).getByRole('checkbox', { name: 'M', exact: true }).check();
  await expect(page).toHaveURL(/size=M/);
  await expect(page.getByTestId('offers-count')).not.toHaveText(total);

  // Sort by price, cheapest first.
  await page.getByLabel('Сортировка').selectOption('price_asc');
  await expect(page).toHaveURL(/sort=price_asc/);
  await expect(page.getByTestId('listing-grid').locator('.offer-card')).not.toHaveCount(0);
  await expect
    .poll(async () => {
      const p = await pricesOnPage(page);
      return p.every((v, i) => i === 0 || p[i - 1] <= v);
    })
    .toBe(true);
}

test('desktop: menu → category → size filter → price sort → page 2 → product → size', async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto('/');
  const menu = page.getByRole('navigation', { name: 'Каталог' });
  await menu.getByRole('link', { name: 'Купальники', exact: true }).hover();
  await page.getByRole('list', { name: 'Подкатегории: Купальники' }).getByRole('link', { name: 'Бикини', exact: true }).click();
  await expect(page).toHaveURL(/\/kupalniki\/bikini$/);
  await walkFromCategory(page);
});

async function walkFromCategory(page: Page, phone = false) {
  await upToRoot(page);
  if (phone) await page.getByRole('button', { name: /^Фильтры/ }).click();
  await filterAndSort(page);
  const firstPage = await pricesOnPage(page);
  expect(Number((await page.getByTestId('offers-count').innerText()).replace(/\D/g, ''))).toBeGreaterThan(24);
  expect(firstPage).toHaveLength(24);
  await page.getByRole('navigation', { name: 'Страницы' }).getByRole('link', { name: 'Страница 2' }).click();
  await expect(page).toHaveURL(/size=M/);
  await expect(page).toHaveURL(/page=2/);
  await expect.poll(async () => (await pricesOnPage(page))[0] ?? -1).toBeGreaterThanOrEqual(firstPage[23]);
  // Back returns to the same first page; a reload keeps page 2.
  await page.goBack();
  await expect(page).not.toHaveURL(/page=2/);
  await expect.poll(() => pricesOnPage(page)).toEqual(firstPage);
  await page.goForward();
  await page.reload();
  await expect(page).toHaveURL(/page=2/);
  await expect.poll(async () => (await pricesOnPage(page))[0] ?? -1).toBeGreaterThanOrEqual(firstPage[23]);

  // Open the first product of the list.
  const card = page.getByTestId('listing-grid').locator('.offer-card').first();
  const name = await card.locator('.offer-card__name').innerText();
  await card.locator('.offer-card__link').click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page).toHaveURL(/\/kupalniki\/[a-z0-9-]+\/\d+\/[a-z0-9-]+$/);
  await expect(page).toHaveTitle(new RegExp(name.replace(/[«»]/g, '.')));
  const trail = page.getByRole('navigation', { name: 'Навигационная цепочка' }).getByRole('listitem');
  await expect(trail).toHaveCount(4);
  await expect(trail.nth(0)).toHaveText('Главная');
  await expect(trail.nth(1)).toHaveText('Купальники');
  await expect(trail.nth(3)).toHaveText(name);

  // Pick a size (or the top and bottom of a set); the choice survives a reload (lkData).
  const groups = page.getByRole('radiogroup');
  const n = await groups.count();
  expect(n).toBeGreaterThan(0);
  const picked: string[] = [];
  for (let i = 0; i < n; i++) {
    const option = groups.nth(i).locator('input:not([disabled])').first();
    await option.check({ force: true });
    await expect(option).toBeChecked();
    picked.push((await option.getAttribute('value'))!);
  }
  await page.reload();
  for (const value of picked) await expect(page.locator(`input[value="${value}"]`)).toBeChecked();

  // The size chart opens and Escape closes it.
  await page.getByRole('button', { name: 'Таблица размеров' }).click();
  await expect(page.getByRole('dialog', { name: 'Таблица размеров' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toHaveCount(0);
}

test('phone: the same walk through the mobile menu', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto('/');
  await page.getByRole('button', { name: 'Меню' }).click();
  const mobile = page.getByRole('navigation', { name: 'Мобильное меню' });
  await mobile.getByRole('button', { name: 'Купальники' }).click();
  await mobile.getByRole('link', { name: 'Бикини', exact: true }).click();
  await expect(page).toHaveURL(/\/kupalniki\/bikini$/);
  await expect(page.getByRole('navigation', { name: 'Мобильное меню' })).toBeHidden();
  await walkFromCategory(page, true);
});

test('a product address with a wrong or non-digit pk, and an unknown page, say "Ошибка"', async ({ page }) => {
  for (const url of [
    '/kupalniki/bikini/12a/slug',
    '/kupalniki/bikini/999999/net-takogo',
    '/kupalniki/net-takoy-kategorii',
    '/brands/net-takogo-brenda',
  ]) {
    await page.goto(url);
    await expect(page.getByRole('heading', { name: 'Ошибка' }), url).toBeVisible();
    await expect(page).toHaveTitle('Ошибка — Море и Мода');
  }
});

test('new, sale, a brand and a search list their goods', async ({ page }) => {
  await page.goto('/sale');
  await expect(page.getByRole('heading', { level: 1, name: 'Распродажа' })).toBeVisible();
  await expect(page.getByTestId('listing-grid').locator('.price--old').first()).toBeVisible();
  await page.goto('/brands/luli-fama');
  await expect(page.getByRole('heading', { level: 1, name: 'Luli Fama' })).toBeVisible();
  await expect(page.getByTestId('listing-grid').locator('.offer-card__brand').first()).toHaveText(/Luli Fama/i);
  await page.goto('/search?searchParam=' + encodeURIComponent('купальники'));
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Результаты поиска: «купальники»');
  await expect(page.getByTestId('listing-grid').locator('.offer-card__name').first()).toHaveText(/[Кк]упальник/);
});

test('a related product opens the product clicked, and Back returns to the first', async ({ page }) => {
  const first: { results: { full_path_offer: string; name: string }[] } = await (
    await page.request.get('/api/v1/offers/?limit=1&offset=0')
  ).json();
  const start = first.results[0]!;
  await page.goto(start.full_path_offer);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(start.name);
  const card = page.getByTestId('related').locator('.offer-card').first();
  const link = card.locator('.offer-card__link');
  const target = (await link.getAttribute('href'))!;
  const name = await card.locator('.offer-card__name').innerText();
  expect(target).not.toBe(start.full_path_offer);

  await link.click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(name);
  expect(new URL(page.url()).pathname).toBe(target);
  await page.goBack();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(start.name);
  expect(new URL(page.url()).pathname).toBe(start.full_path_offer);
});
