// Gift certificates and cards against the seeded server: the list shows the 5 certificates with their
// nominals, one opens and goes into the basket (and its data is looked up for the gift card record); an
// unknown certificate says 'Ошибка'; /giftsert leads to the list; /card tells a demo card's balance and
// explains an unknown code, and an empty code is marked and never sent.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const NOMINALS = ['1 000 ₽', '3 000 ₽', '5 000 ₽', '10 000 ₽', '15 000 ₽'];
/** Prices use no-break spaces; the tests read them as plain ones. */
const plain = (s: string) => s.replace(/\u00a0/g, ' ');
const crumbs = (page: Page) => page.getByRole('navigation', { name: 'Навигационная цепочка' });

test('the certificates list: 5 certificates with their nominals, breadcrumbs and title', async ({ page }) => {
  await page.goto('/podarochnye-sertifikaty');
  await expect(page.getByRole('heading', { level: 1, name: 'Подарочные сертификаты' })).toBeVisible();
  const cards = page.getByTestId('certificates').getByRole('link');
  await expect(cards).toHaveCount(5);
  expect((await page.getByTestId('certificates').getByTestId('nominal').allInnerTexts()).map(plain)).toEqual(NOMINALS);
  await expect(cards.first()).toHaveAttribute('href', '/podarochnye-sertifikaty/podarochnyj-sertifikat-1000');
  await expect(cards.first().locator('img')).toHaveJSProperty('complete', true);
  await expect(crumbs(page)).toHaveText(/Главная.*Подарочные сертификаты/);
  await expect(page).toHaveTitle('Подарочные сертификаты — Море и Мода');
  await expect(page.getByRole('heading', { name: 'Как работает сертификат' })).toBeVisible();
});

test('a certificate opens from the list and goes into the basket', async ({ page }) => {
  await page.goto('/podarochnye-sertifikaty');
  await expect(page.getByTestId('basket-count')).toHaveText('0');
  await page
    .getByTestId('certificates')
    .getByRole('link', { name: /на 5\s000\s₽/ })
    .click();
  await expect(page).toHaveURL(/\/podarochnye-sertifikaty\/podarochnyj-sertifikat-5000$/);
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(/Подарочный сертификат на 5\s000\s₽/);
  expect(plain(await page.getByTestId('nominal').innerText())).toBe('5 000 ₽');
  await expect(crumbs(page).getByRole('link', { name: 'Подарочные сертификаты' })).toHaveAttribute('href', '/podarochnye-sertifikaty');
  await expect(page).toHaveTitle(/^Подарочный сертификат на 5\s000\s₽ — Море и Мода$/);

  const lookup = page.waitForResponse((r) => r.url().endsWith('/api/v1/gift/card/data/') && r.request().method() === 'POST');
  await page.getByRole('button', { name: 'Добавить в корзину' }).click();
  const answer = await lookup;
  expect(answer.request().postDataJSON()).toEqual({ ext_id: 'GC-5000' });
  expect(answer.status()).toBe(200);
  expect(((await answer.json()) as { response: { ext_id: string } }).response.ext_id).toBe('GC-5000');
  await expect(page.getByText('Сертификат добавлен в корзину.')).toBeVisible();
  await expect(page.getByTestId('basket-count')).toHaveText('1');

  // The server's cart holds the certificate, once.
  await expect
    .poll(async () => {
      const cart = (await (await page.request.get('/api/v2/cart/')).json()) as { cart?: { ext_id: string; quantity: number }[] };
      return cart.cart?.map((l) => `${l.ext_id}×${l.quantity}`);
    })
    .toEqual(['GC-5000×1']);
  await page.reload();
  await expect(page.getByTestId('basket-count')).toHaveText('1');
});

test('an unknown certificate shows the error page', async ({ page }) => {
  await page.goto('/podarochnye-sertifikaty/net-takogo-sertifikata');
  await expect(page.getByRole('heading', { level: 1, name: 'Ошибка' })).toBeVisible();
  await expect(page).toHaveTitle('Ошибка — Море и Мода');
});

test('/giftsert explains buying and using a certificate and leads to the list', async ({ page }) => {
  await page.goto('/giftsert');
  await expect(page.getByRole('heading', { level: 1 })).toHaveText('Как купить и использовать подарочный сертификат');
  await expect(page.getByRole('heading', { name: 'Как купить', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Как оплатить сертификатом' })).toBeVisible();
  await expect(crumbs(page)).toHaveText(/Главная.*Подарочные сертификаты.*Как купить и использовать/);
  await expect(page).toHaveTitle('Как купить и использовать подарочный сертификат — Море и Мода');
  await page.getByRole('link', { name: 'Выбрать сертификат' }).click();
  await expect(page).toHaveURL(/\/podarochnye-sertifikaty$/);
  await expect(page.getByTestId('certificates').getByRole('link')).toHaveCount(5);
});

test('/card: a demo card shows its balance, an unknown code the server’s message, an empty code is not sent', async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (r) => {
    if (r.url().endsWith('/api/v1/check_card/')) sent.push(r.postData() ?? '');
  });
  await page.goto('/card');
  await expect(page.getByRole('heading', { level: 1, name: 'Подарочная карта' })).toBeVisible();
  await expect(page).toHaveTitle('Подарочная карта — Море и Мода');
  await expect(crumbs(page)).toHaveText(/Главная.*Подарочная карта/);
  const code = page.getByLabel('Код карты');
  const check = page.getByRole('button', { name: 'Проверить баланс' });

  await code.fill('   ');
  await check.click();
  await expect(page.getByText('Введите код карты')).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);

  await code.fill('demo-5000-0001');
  await expect(code).toHaveAttribute('aria-invalid', 'false');
  await check.click();
  await expect(page.getByTestId('card-balance')).toContainText(/На карте 5\s000\s₽, действует до 31 декабря 2027/);
  expect(sent.map((b) => JSON.parse(b) as unknown)).toEqual([{ code: 'DEMO-5000-0001' }]);

  await code.fill('DEMO-3000-0002');
  await check.click();
  await expect(page.getByTestId('card-balance')).toContainText(/На карте 1\s200\s₽, действует до 31 декабря 2027/);

  // A refusal shows the server's own Russian message.
  const refused = await page.request.post('/api/v1/check_card/', { data: { code: 'NET-TAKOY-KARTY' } });
  expect(refused.status()).toBeGreaterThanOrEqual(400);
  expect(refused.status()).toBeLessThan(500);
  const { message } = (await refused.json()) as { message: string };
  expect(message).toMatch(/[а-яё]/i);
  await code.fill('net-takoy-karty');
  await check.click();
  await expect(page.getByRole('alert')).toHaveText(message);
  await expect(page.getByTestId('card-balance')).toHaveCount(0);
});
