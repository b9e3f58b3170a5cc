// The frame's widgets in Chromium (spec §2, §4, §9): the cookie notice, the scroll-to-top arrow that waits
// for it, the channel popup on the fifth page view, the error report form, and the chat widget.
import { type Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';

// A first visit: nothing stored yet (the other specs start as a returning shopper, playwright.config.ts).
test.use({ storageState: { cookies: [], origins: [] } });

const notice = (page: Page) => page.getByRole('region', { name: 'Уведомление о cookie' });

test('the cookie notice hides after Accept and stays hidden after reload; the arrow waits for it', async ({ page }) => {
  await page.goto('/kupalniki');
  await expect(notice(page)).toBeVisible();
  await expect(notice(page).getByRole('link')).toHaveAttribute('href', '/cookie');
  await page.locator('.offer-card').first().waitFor();
  await page.mouse.wheel(0, 3000);
  await page.waitForFunction(() => scrollY > 400);
  // Two frames: the page has rendered what the scroll changed, and the arrow still waits for Accept.
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await expect(page.getByRole('button', { name: 'Наверх' })).toHaveCount(0);

  await notice(page).getByRole('button', { name: 'Принять' }).click();
  await expect(notice(page)).toBeHidden();
  const arrow = page.getByRole('button', { name: 'Наверх' });
  await expect(arrow).toBeVisible();
  await arrow.click();
  await page.waitForFunction(() => scrollY === 0);
  await expect(arrow).toBeHidden();

  // The acceptance reaches the server too (its cookie): the pages it renders now have no notice at all.
  expect(await (await page.request.get('/kupalniki')).text()).not.toContain('Уведомление о cookie');
  await page.reload();
  await page.locator('.offer-card').first().waitFor();
  await expect(notice(page)).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('cookieAccepted'))).toBe('true');
});

test('the channel popup appears on the fifth page view and never again after closing', async ({ page }) => {
  const popup = page.getByRole('dialog', { name: 'Подпишитесь на наш канал' });
  await page.goto('/');
  // Moves inside the app count as page views as well as full loads.
  for (const name of ['Новинки', 'Распродажа']) {
    await page.getByRole('banner').getByRole('link', { name, exact: true }).first().click();
    await expect(popup).toBeHidden();
  }
  await page.goto('/brands');
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(popup).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('pageViews'))).toBe('4');
  await page.goto('/kupalniki'); // the fifth view
  await expect(popup).toBeVisible();
  await expect(popup.getByRole('link', { name: 'Подписаться' })).toHaveAttribute('href', 'https://t.me/moreimoda');
  await page.keyboard.press('Escape');
  await expect(popup).toBeHidden();
  expect(await page.evaluate(() => localStorage.getItem('telegramPopupClosed'))).toBe('true');
  await page.goto('/sale');
  await page.goto('/new');
  await page.locator('.offer-card').first().waitFor();
  await expect(popup).toBeHidden();
});

test("the error report form: both fields required, typing clears the mark, 'Сообщение отправлено успешно'", async ({ page }) => {
  const sent: string[] = [];
  page.on('request', (r) => r.url().includes('/api/v1/send_message/') && sent.push(r.postData() ?? ''));
  await page.goto('/brands');
  await page.getByRole('contentinfo').getByRole('button', { name: 'Сообщить об ошибке' }).click();
  const form = page.getByRole('dialog', { name: 'Сообщить об ошибке' });
  const contact = form.getByLabel('E-mail или телефон для связи');
  const message = form.getByLabel('Что случилось');
  await form.getByRole('button', { name: 'Отправить' }).click();
  await expect(contact).toHaveAttribute('aria-invalid', 'true');
  await expect(message).toHaveAttribute('aria-invalid', 'true');
  await contact.fill('anna@example.ru');
  await expect(contact).toHaveAttribute('aria-invalid', 'false');
  await expect(message).toHaveAttribute('aria-invalid', 'true');
  await form.getByRole('button', { name: 'Отправить' }).click();
  await expect(message).toHaveAttribute('aria-invalid', 'true');
  expect(sent).toEqual([]);
  await message.fill('Не открывается фото бренда');
  await form.getByRole('button', { name: 'Отправить' }).click();
  await expect(form.getByRole('status')).toHaveText('Сообщение отправлено успешно');
  expect(JSON.parse(sent[0]!)).toEqual({
    messageFeedback: { contactData: 'anna@example.ru', message: 'Не открывается фото бренда', page: '/brands' },
  });
  await page.keyboard.press('Escape');
  await expect(form).toBeHidden();
});

test('the chat widget offers the product link on a product page and opens the chat elsewhere', async ({ page }) => {
  await page.goto('/');
  await expect(page.getByRole('link', { name: 'Открыть чат с магазином' })).toHaveAttribute('href', 'https://wa.me/79251204567');
  const offers = await (await page.request.get('/api/v1/offers/?limit=1')).json();
  const offer = offers.results[0];
  await page.goto(offer.full_path_offer);
  await page.getByRole('button', { name: 'Чат с магазином' }).click();
  const menu = page.getByRole('list', { name: 'Чат с магазином' });
  await expect(menu.getByRole('link', { name: 'Написать оператору' })).toHaveAttribute('href', 'https://wa.me/79251204567');
  const share = decodeURIComponent((await menu.getByRole('link', { name: 'Отправить ссылку на товар' }).getAttribute('href'))!);
  expect(share).toContain(offer.name);
  expect(share).toContain(offer.full_path_offer);
});
