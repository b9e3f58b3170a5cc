// The content pages in Chromium on the seeded shop: a blog post opens from the list; the imported news post
// whose text carries a script, an event handler and a javascript: link runs none of them; an information
// page shows its text; and what a crawler gets without JavaScript (titles, og:title, 404 status).
import { expect, test } from './fixtures.ts';

test('a blog post opens from the list with its date and text', async ({ page }) => {
  await page.goto('/blog');
  await expect(page.getByRole('heading', { level: 1, name: 'Блог' })).toBeVisible();
  const first = page.locator('.post-card').first();
  const title = (await first.getByRole('heading').textContent())!;
  await expect(first.locator('time')).toHaveText(/^\d{1,2} [а-я]+ \d{4}$/);
  await first.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(title);
  await expect(page).toHaveURL(/\/blog\/[a-z0-9-]+$/);
  await expect(page.locator('.rich-text li').first()).toBeVisible();
  await expect(page).toHaveTitle(`${title} — Море и Мода`);
  await page.getByRole('link', { name: 'Блог' }).first().click();
  await expect(page).toHaveURL(/\/blog$/);
});

test('the imported news post with old widget code runs nothing', async ({ page }) => {
  const dialogs: string[] = [];
  const probes: string[] = [];
  page.on('dialog', (d) => {
    dialogs.push(d.message());
    void d.dismiss();
  });
  page.on('request', (r) => {
    if (r.url().includes('xss-probe')) probes.push(r.url());
  });
  await page.goto('/news');
  await page.getByRole('link', { name: /Розыгрыш подарочных сертификатов/ }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Розыгрыш подарочных сертификатов в соцсетях');
  const body = page.locator('.rich-text');
  await expect(body).toContainText('Итоги подведём 31 июля');
  // The text is there, the code is not.
  expect(await body.locator('script').count()).toBe(0);
  expect(await body.locator('[onerror]').count()).toBe(0);
  // Without its javascript: href the anchor is plain text (no link role any more).
  const link = body.locator('a', { hasText: 'Участвовать в розыгрыше' });
  expect(await link.getAttribute('href')).toBeNull();
  await link.click();
  await page.waitForLoadState('networkidle');
  expect(dialogs).toEqual([]);
  expect(probes).toEqual([]);
});

test('an information page shows its title and text', async ({ page }) => {
  await page.goto('/delivery-and-payments');
  await expect(page.getByRole('heading', { level: 1, name: 'Доставка и оплата' })).toBeVisible();
  await expect(page.locator('.rich-text p').first()).toBeVisible();
  await expect(page).toHaveTitle('Доставка и оплата — Море и Мода');
});

test('a crawler without JavaScript gets the title, og:title and 404 status', async ({ request }) => {
  const category = await (await request.get('/kupalniki')).text();
  expect(category).toContain('<title>Купальники — купить в интернет-магазине Море и Мода</title>');
  const offers = await (await request.get('/api/v1/offers/?limit=1')).json();
  const offer = offers.results[0];
  const product = await (await request.get(offer.full_path_offer)).text();
  expect(product).toContain(`<meta property="og:title" content="${offer.name} — ${offer.brand.name} — Море и Мода"`);
  const unknown = await request.get('/no/such/page/here/at/all');
  expect(unknown.status()).toBe(404);
  expect(await unknown.text()).toContain('<title>Ошибка — Море и Мода</title>');
});

test("a signed-out visitor on /address finds the shop's address under the login prompt", async ({ page }) => {
  await page.goto('/address');
  await expect(page.getByRole('heading', { level: 2, name: 'Адрес магазина' })).toBeVisible();
  await expect(page.getByText('ул. Петровка, 17')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Войти' }).last()).toBeVisible();
});
