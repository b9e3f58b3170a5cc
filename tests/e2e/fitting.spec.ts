// Trying on at the door, as a Moscow buyer and the shop's dispatcher do it, in Chromium against the real server:
// three things ordered by courier with fitting, paid on receipt; at the door the buyer keeps two. The dispatcher
// records it on the desk: the order is received and paid for the two and the delivery, the third is a return
// made at the door and is back on sale at once; the buyer's order page says so.
import { E2E_STAFF } from '../support/staff.ts';
import { expect, freshContext, test } from './fixtures.ts';
import { addFromProductPage, fillBuyer, pickProducts, stockNow } from './basket-helpers.ts';
import { ensureStaffAccount, signInAtDesk } from './staff-helpers.ts';
import { formatPrice } from '../../common/money.ts';

const BUYER = { fio: 'Орлова Дарья Сергеевна', email: 'darya.orlova@example.ru', phoneDigits: '9035550177' };

test('a Moscow courier order with fitting, 3 things: the buyer keeps 2, pays for 2, the third is back in stock', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(150_000);
  await ensureStaffAccount(request, E2E_STAFF.fitting);
  const picks = await pickProducts(request, 3, 1, 'odezhda');
  for (const p of picks) await addFromProductPage(page, p, p.extIds[0]!);

  await page.goto('/basket/delivery');
  await fillBuyer(page, BUYER);
  await page.getByRole('radio', { name: /Курьером до двери/ }).check();
  await page.getByLabel('Адрес: улица, дом, квартира').fill('ул. Пятницкая, д. 3, кв. 12');
  await page.getByRole('checkbox', { name: /Примерка перед покупкой/ }).check();
  await page.getByRole('radio', { name: /Оплата при получении/ }).check();
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await expect(page).toHaveURL(/\/basket\/delivery\/confirm\//);
  const orderPage = page.url();
  await page.getByRole('dialog', { name: 'Ваша заказ принят' }).getByRole('button', { name: 'Ok' }).click();
  const number = (await page.getByRole('heading', { level: 1 }).innerText()).replace('Заказ № ', '');
  await expect(page.getByTestId('fitting')).toContainText('оплачиваются только подошедшие вещи');
  const guid = orderPage.split('/').filter(Boolean).pop()!;
  const orderInfo = async () =>
    ((await (await request.post('/api/v1/get_order_info/', { data: { guid } })).json()) as { order_info: { due: number } }).order_info;
  const stocks = async () => Promise.all(picks.map((p) => stockNow(request, p, p.extIds[0]!)));
  const stockWhileOrdered = await stocks();

  const desk = await (await freshContext(browser)).newPage();
  await signInAtDesk(desk, E2E_STAFF.fitting);
  await desk.getByLabel('Номер, телефон, e-mail или имя').fill(number);
  await desk.getByLabel('Номер, телефон, e-mail или имя').press('Enter');
  await desk.getByRole('link', { name: number }).click();
  await expect(desk.getByTestId('desk-fitting')).toBeVisible();
  await desk.getByRole('button', { name: 'Собрать заказ' }).click();
  await expect(desk.getByTestId('desk-status')).toHaveText('Собирается');
  await desk.getByRole('button', { name: 'Передать в доставку' }).click();
  await desk.getByLabel('Трек-номер отправления').fill('MSK-FIT-0177');
  await desk.getByLabel('Трек-номер отправления').press('Enter');
  await expect(desk.getByTestId('desk-status')).toHaveText('Передан в доставку');
  const dueBefore = (await orderInfo()).due;

  // At the door: the third thing did not fit.
  await desk.getByRole('button', { name: 'Получен и оплачен: отметить примерку' }).click();
  const form = desk.getByRole('group', { name: /Что покупатель оставил/ });
  await form.getByRole('spinbutton').nth(2).fill('0');
  await desk.getByRole('button', { name: 'Отметить получение' }).click();
  await expect(desk.getByTestId('desk-status')).toHaveText('Получен');
  const paid = (await orderInfo()).due;
  expect(paid).toBeLessThan(dueBefore);
  await expect(desk.getByTestId('desk-timeline')).toContainText('Не подошло при примерке');
  await expect(desk.getByTestId('desk-timeline')).toContainText(`оплачено при получении: ${formatPrice(paid)}`);
  // One thing of the three is back on sale, the other two stay sold.
  const after = await stocks();
  expect(after.map((n, i) => n! - stockWhileOrdered[i]!).sort()).toEqual([0, 0, 1]);

  await page.goto(orderPage);
  await expect(page.getByTestId('order-status')).toContainText('Получен');
  await expect(page.getByText('Заказ оплачен.')).toBeVisible();
});
