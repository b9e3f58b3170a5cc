// The account pages with the real server: registration, logout and login through the popups; the profile
// edited and still there after a reload; an address added and deleted; favourites chosen while signed out
// that follow the user after login and onto another browser; an order placed while signed in, seen in the
// order history and its detail.
import { type Locator, type Page, type Request } from '@playwright/test';
import { expect, freshContext, test } from './fixtures.ts';
import { mailsTo } from './mailbox.ts';
import type { City } from '../../common/contract/orders.ts';
import { pickProducts } from './basket-helpers.ts';

const PASSWORD = 'Morskoy2026';
const stamp = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
const EMAIL = `olga.${stamp}@example.ru`;

test.describe.configure({ mode: 'serial' });

/** Logs in through the login popup, opened by the header's 'Войти' unless another button is given. */
async function logIn(page: Page, opener: Locator = page.getByRole('banner').getByRole('button', { name: 'Войти' })) {
  await opener.click();
  const dialog = page.getByRole('dialog', { name: 'Вход' });
  await dialog.getByLabel('E-mail').fill(EMAIL);
  await dialog.getByLabel('Пароль').fill(PASSWORD);
  await dialog.getByRole('button', { name: 'Войти', exact: true }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('account-name')).toBeVisible();
}

const field = (page: Page, label: string) => page.getByTestId('profile-form').getByLabel(label, { exact: true });

test('a visitor registers, logs out and in through the popups, and edits the profile that a reload keeps', async ({ page }) => {
  await page.goto('/profile');
  const gate = page.getByTestId('sign-in-gate');
  await expect(gate).toContainText('доступен только зарегистрированным покупателям');
  await gate.getByRole('button', { name: 'Зарегистрироваться' }).click();
  const register = page.getByRole('dialog', { name: 'Регистрация' });
  await register.getByLabel('ФИО').fill('Смирнова Ольга Петровна');
  await register.getByLabel('E-mail').fill(EMAIL.toUpperCase());
  await register.getByLabel('Пароль', { exact: true }).fill(PASSWORD);
  await register.getByLabel('Повторите пароль').fill(PASSWORD);
  await register.getByRole('button', { name: 'Зарегистрироваться' }).click();
  await expect(register).toBeHidden();
  await expect(page.getByTestId('account-name')).toHaveText('Ольга Смирнова');
  await expect(field(page, 'Фамилия')).toHaveValue('Смирнова');
  await expect(field(page, 'E-mail')).toHaveValue(EMAIL);

  // Logout from the account menu: home, signed out; the private page asks to log in again.
  await page.getByRole('navigation', { name: 'Личный кабинет' }).getByRole('button', { name: 'Выйти' }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole('banner').getByRole('button', { name: 'Войти' })).toBeVisible();
  await page.goto('/history-order');
  await expect(page.getByTestId('sign-in-gate')).toBeVisible();
  await logIn(page, page.getByTestId('sign-in-gate').getByRole('button', { name: 'Войти' }));
  await expect(page.getByText('Вы ещё ничего не заказывали.')).toBeVisible();

  // The profile: a weak new password and a differing repeat are marked and nothing is saved.
  await page.getByRole('navigation', { name: 'Личный кабинет' }).getByRole('link', { name: 'Личный кабинет' }).click();
  await field(page, 'Фамилия').fill('Петрова');
  await field(page, 'Новый пароль').fill('слабый');
  await field(page, 'Повторите пароль').fill('другой');
  const saves: string[] = [];
  const onRequest = (r: Request) => {
    if (r.url().includes('/api/v1/changeinfo/') && r.method() === 'PUT') saves.push(r.url());
  };
  page.on('request', onRequest);
  await page.getByRole('button', { name: 'Сохранить изменения' }).click();
  await expect(page.getByText('Минимум 8 символов, 1 заглавная латинская буква и 1 цифра')).toBeVisible();
  await expect(page.getByText('Пароли не совпадают')).toBeVisible();
  page.off('request', onRequest);
  expect(saves, 'nothing is sent while a field is marked').toEqual([]);
  await page.reload();
  await expect(field(page, 'Фамилия')).toHaveValue('Смирнова');

  await field(page, 'Фамилия').fill('Петрова');
  await field(page, 'Отчество').fill('Андреевна');
  await field(page, 'Телефон').pressSequentially('9161112233');
  await expect(field(page, 'Телефон')).toHaveValue('+7(916)-111-22-33');
  await page.getByRole('button', { name: 'Сохранить изменения' }).click();
  await expect(page.getByText('Данные успешно сохранены')).toBeVisible();
  await expect(page.getByTestId('account-name')).toHaveText('Ольга Петрова');
  await page.reload();
  await expect(field(page, 'Фамилия')).toHaveValue('Петрова');
  await expect(field(page, 'Отчество')).toHaveValue('Андреевна');
  await expect(field(page, 'Телефон')).toHaveValue('+7(916)-111-22-33');
});

test("another account's e-mail is refused with the server's message", async ({ page, browser }) => {
  const other = `anna.${stamp}@example.ru`;
  const ctx = await browser.newContext();
  const res = await ctx.request.post('/api/v1/sign_in/', {
    data: { full_name: 'Иванова Анна', email: other, password_one: PASSWORD, password_two: PASSWORD },
  });
  expect(res.ok()).toBe(true);
  await ctx.close();
  await page.goto('/profile');
  await logIn(page);
  await field(page, 'E-mail').fill(other);
  // A new e-mail asks for the current password first.
  await page.getByRole('button', { name: 'Сохранить изменения' }).click();
  await expect(page.getByText('Введите текущий пароль')).toBeVisible();
  await field(page, 'Текущий пароль').fill(PASSWORD);
  await page.getByRole('button', { name: 'Сохранить изменения' }).click();
  await expect(page.getByText('Данная почта уже зарегистрирована в системе')).toBeVisible();
  await page.reload();
  await expect(field(page, 'E-mail')).toHaveValue(EMAIL);
});

test('an address is added with its required fields checked, kept, and deleted after a confirmation', async ({ page }) => {
  await page.goto('/address');
  await logIn(page);
  await expect(page.getByText('Сохранённых адресов пока нет.')).toBeVisible();
  await page.getByRole('button', { name: 'Добавить адрес' }).click();
  const form = page.getByTestId('address-form');
  await form.getByRole('button', { name: 'Сохранить адрес' }).click();
  await expect(form.getByText('Выберите город из списка')).toBeVisible();
  await expect(form.getByText('Укажите улицу')).toBeVisible();
  await expect(form.getByText('Укажите дом')).toBeVisible();
  await form.getByLabel('Город').fill('Соч');
  await form.getByRole('option', { name: /^Сочи/ }).getByRole('button').click();
  await form.getByLabel('Улица *').fill('ул. Морская');
  await form.getByLabel('Дом *').fill('5');
  await form.getByLabel('Квартира, офис').fill('12');
  await form.getByLabel('Индекс').fill('354000');
  await form.getByRole('button', { name: 'Сохранить адрес' }).click();
  await expect(form).toBeHidden();
  const list = page.getByTestId('address-list');
  await expect(list.locator('li')).toHaveCount(1);
  await expect(list).toContainText('Сочи, ул. Морская, д. 5, кв. 12, 354000');
  await expect(list).toContainText('Основной адрес');

  await page.reload();
  await expect(list.locator('li')).toHaveCount(1);
  await list.getByRole('button', { name: 'Удалить' }).click();
  await list.getByRole('group', { name: 'Подтверждение удаления' }).getByRole('button', { name: 'Да, удалить' }).click();
  await expect(list.locator('li')).toHaveCount(0);
  await expect(page.getByText('Сохранённых адресов пока нет.')).toBeVisible();
  await page.reload();
  await expect(page.getByText('Сохранённых адресов пока нет.')).toBeVisible();
});

async function favoriteIdsOn(page: Page): Promise<string[]> {
  const grid = page.getByTestId('favorites-grid');
  return (await grid.locator('[data-offer-id]').evaluateAll((els) => els.map((e) => e.getAttribute('data-offer-id') ?? ''))).sort();
}

test('favourites chosen while signed out stay after login and follow the user to another browser', async ({ page, browser }) => {
  await page.goto('/favorite');
  await expect(page.getByTestId('favorites-empty')).toContainText('В избранном пока пусто');
  await page.goto('/new');
  const cards = page.locator('.offer-card');
  await cards.nth(0).getByRole('button', { name: 'Добавить в избранное' }).click();
  await cards.nth(1).getByRole('button', { name: 'Добавить в избранное' }).click();
  const chosen = (await cards.evaluateAll((els) => els.slice(0, 2).map((e) => e.getAttribute('data-offer-id') ?? ''))).sort();
  await expect(page.getByTestId('favorites-count')).toHaveText('2');

  await page
    .getByRole('link', { name: /^Избранное/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/favorite$/);
  await expect(page.getByTestId('favorites-grid').locator('.offer-card')).toHaveCount(2);
  expect(await favoriteIdsOn(page)).toEqual(chosen);

  // Login joins the local ids with the server's list (POST /v1/favorites/); a reload waits for that.
  const joined = page.waitForResponse((r) => r.url().endsWith('/api/v1/favorites/') && r.request().method() === 'POST');
  await logIn(page);
  expect((await joined).ok()).toBe(true);
  await page.reload();
  await expect(page.getByTestId('favorites-grid').locator('.offer-card')).toHaveCount(2);
  expect(await favoriteIdsOn(page)).toEqual(chosen);

  // Another browser with nothing stored: after login the server's list fills the page.
  const fresh = await freshContext(browser);
  const other = await fresh.newPage();
  await other.goto('/favorite');
  await expect(other.getByTestId('favorites-empty')).toBeVisible();
  await logIn(other);
  await expect(other.getByTestId('favorites-grid').locator('.offer-card')).toHaveCount(2);
  expect(await favoriteIdsOn(other)).toEqual(chosen);
  await fresh.close();
});

test('the profile lists the signed-in devices and ends the others: the other browser is signed out', async ({ page, browser }) => {
  const fresh = await freshContext(browser);
  const other = await fresh.newPage();
  await other.goto('/profile');
  await logIn(other, other.getByTestId('sign-in-gate').getByRole('button', { name: 'Войти' }));

  await page.goto('/profile');
  await logIn(page, page.getByTestId('sign-in-gate').getByRole('button', { name: 'Войти' }));
  const sessions = page.getByTestId('active-sessions');
  await expect(sessions.getByText('— это устройство')).toBeVisible();
  expect(await sessions.locator('li').count()).toBeGreaterThanOrEqual(2);
  await sessions.getByRole('button', { name: 'Выйти на других устройствах' }).click();
  await expect(sessions.getByRole('status')).toHaveText(/^Вы вышли на других устройствах \(\d+\)$/);
  await expect(sessions.locator('li')).toHaveCount(1);
  await expect(sessions.getByRole('button', { name: 'Выйти на других устройствах' })).toBeHidden();

  await other.reload();
  await expect(other.getByTestId('sign-in-gate')).toBeVisible();
  await expect(other.getByRole('banner').getByRole('button', { name: 'Войти' })).toBeVisible();
  await fresh.close();
});

async function placeOrderAsUser(page: Page, extId: string): Promise<string> {
  const [moscow] = (await (
    await page.request.get(`/api/v1/cities/?data=${encodeURIComponent(JSON.stringify({ q: 'Москва' }))}`)
  ).json()) as City[];
  // The real API in the page's context, signed in by the session's cookie, which the page itself cannot read.
  return page.evaluate(
    async ({ extId, city }) => {
      if (/(?:^|; )token=/.test(document.cookie)) throw new Error('the page can read the sign-in token');
      const headers = { 'content-type': 'application/json' };
      const add = await fetch('/api/v2/cart/', { method: 'POST', headers, body: JSON.stringify({ ext_id: extId, quantity: 2 }) });
      if (!add.ok) throw new Error(`cart: ${add.status}`);
      const res = await fetch('/api/v2/order/', {
        method: 'POST',
        headers,
        body: JSON.stringify({ region_id: city.region_id, city_id: city.id, delivery_method: 'pickup', comment: 'e2e' }),
      });
      if (!res.ok) throw new Error(`order: ${res.status} ${await res.text()}`);
      return ((await res.json()) as { number: string }).number;
    },
    { extId, city: moscow },
  );
}

test('an order placed while signed in is in the order history with its detail', async ({ page }) => {
  await page.goto('/history-order');
  await logIn(page);
  await expect(page.getByText('Вы ещё ничего не заказывали.')).toBeVisible();
  const number = await placeOrderAsUser(page, (await pickProducts(page.request, 1, 1))[0].extIds[0]);

  await page.reload();
  const rows = page.getByTestId('order-list').locator('li');
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText(`Заказ № ${number}`);
  await expect(rows.first()).toContainText('Новый');
  await expect(rows.first()).toContainText('2 товара');
  await rows.first().getByRole('link').click();
  await expect(page).toHaveURL(/\/history-order\/\d+$/);
  const detail = page.getByTestId('order-detail');
  await expect(page.getByRole('heading', { level: 1, name: `Заказ № ${number}` })).toBeVisible();
  await expect(detail).toContainText('Статус: Новый');
  await expect(detail.getByRole('link', { name: 'Перейти к оплате' })).toBeVisible();
  await expect(detail.getByTestId('order-lines').locator('li')).toHaveCount(1);
  await expect(detail).toContainText('В пункт выдачи: Москва');
  await expect(detail.getByRole('heading', { name: 'История статусов' })).toBeVisible();
  await expect(
    page.getByRole('navigation', { name: 'Навигационная цепочка' }).getByRole('link', { name: 'История заказов' }),
  ).toBeVisible();

  // An order that is not the user's (or does not exist) says so instead of a blank page.
  await page.goto('/history-order/999999');
  await expect(page.getByText('Не удалось загрузить заказ.')).toBeVisible();
});

test("the bonus page and the public rules show the programme's numbers", async ({ page }) => {
  await page.goto('/rules-discount');
  await expect(page.getByTestId('bonus-rules')).toContainText('начисляем 5% от стоимости товаров');
  await expect(page.getByTestId('bonus-rules')).toContainText('до 30% стоимости товаров');
  await expect(page.getByTestId('bonus-rules')).toContainText('365 дней');
  await page.goto('/discount');
  await expect(page.getByTestId('sign-in-gate')).toBeVisible();
  await logIn(page);
  await expect(page.getByTestId('bonus-balance')).toContainText(/\d+ балл/);
  await page.getByRole('link', { name: 'Правила бонусной программы' }).click();
  await expect(page).toHaveURL(/\/rules-discount$/);
});

test('mailing: a visitor and the user subscribe by the link mailed to the address, and the user unsubscribes', async ({ page }) => {
  await page.goto('/send');
  const visitor = page.getByTestId('visitor-mailing');
  await visitor.getByRole('button', { name: 'Подписаться на рассылку' }).click();
  await expect(visitor.getByText('Укажите e-mail в виде name@example.ru')).toBeVisible();
  const guest = `guest.${stamp}@example.ru`;
  await visitor.getByLabel('E-mail').fill(guest);
  await visitor.getByRole('button', { name: 'Подписаться на рассылку' }).click();
  await expect(visitor.getByRole('status')).toHaveText(
    `Мы отправили письмо на ${guest}. Откройте ссылку из него, чтобы подтвердить подписку`,
  );
  // A visitor cannot unsubscribe someone by typing their address.
  await visitor.getByRole('button', { name: 'Отписаться' }).click();
  await expect(visitor.getByRole('alert')).toHaveText('Отписаться можно по ссылке из письма рассылки или в личном кабинете');

  await logIn(page);
  const own = page.getByTestId('own-mailing');
  await expect(own).toContainText(`Вы не подписаны на рассылку: ${EMAIL}`);
  await own.getByRole('button', { name: 'Подписаться на рассылку' }).click();
  await expect(own.getByRole('status')).toHaveText(`Мы отправили письмо на ${EMAIL}. Откройте ссылку из него, чтобы подтвердить подписку`);
  await expect(own).toContainText(`Вы не подписаны на рассылку: ${EMAIL}`);
  await expect.poll(() => mailsTo(EMAIL).filter((m) => m.includes('/mailing/confirm/')).length, { timeout: 30_000 }).toBeGreaterThan(0);
  const link = /https?:\/\/\S+\/mailing\/confirm\/\S+/.exec(
    mailsTo(EMAIL)
      .filter((m) => m.includes('/mailing/confirm/'))
      .at(-1)!,
  )![0];
  // The link's page is the server's, not the app's: opened as a click in the mail would.
  await page.evaluate((url) => location.assign(url), new URL(link).pathname + new URL(link).search);
  await page.getByRole('button', { name: 'Подписаться' }).click();
  await expect(page.getByText('Вы подписались на рассылку')).toBeVisible();
  await page.goto('/send');
  await expect(own).toContainText(`Вы подписаны на рассылку: ${EMAIL}`);
  await own.getByRole('button', { name: 'Отписаться от рассылки' }).click();
  await expect(own.getByRole('status')).toHaveText('Вы отписались от рассылки');
  await expect(own.getByRole('button', { name: 'Подписаться на рассылку' })).toBeVisible();
});
