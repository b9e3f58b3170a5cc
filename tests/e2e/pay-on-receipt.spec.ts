// Paying on receipt, as a Moscow buyer and the shop's dispatcher do it, in Chromium against the real server: the
// buyer orders a courier delivery and chooses «Оплата при получении», sees what they will pay at the door and
// no online payment; the dispatcher finds the order on the desk by its payment method, assembles and ships it
// unpaid, and marks it received and paid at the hand-over; the buyer's order page and mails follow each step.
import { E2E_STAFF } from '../support/staff.ts';
import { expect, freshContext, test } from './fixtures.ts';
import { addFromProductPage, fillBuyer, pickProducts } from './basket-helpers.ts';
import { mailsTo } from './mailbox.ts';
import { ensureStaffAccount, signInAtDesk } from './staff-helpers.ts';

const BUYER = { fio: 'Лебедева Алёна Игоревна', email: 'alena.lebedeva@example.ru', phoneDigits: '9265550142' };

test('a courier order paid on receipt: chosen at checkout, shipped unpaid, received and paid at the door', async ({
  page,
  request,
  browser,
}) => {
  test.setTimeout(120_000);
  await ensureStaffAccount(request, E2E_STAFF.onReceipt);
  const [pick] = await pickProducts(request, 1, 1, 'odezhda');

  await addFromProductPage(page, pick!, pick!.extIds[0]!);
  await page.goto('/basket/delivery');
  await fillBuyer(page, BUYER);
  await page.getByRole('radio', { name: /Курьером до двери/ }).check();
  await page.getByLabel('Адрес: улица, дом, квартира').fill('ул. Большая Ордынка, д. 21, кв. 7');
  const totals = page.getByTestId('checkout-totals');
  await expect(totals).toContainText('К оплате:');
  await page.getByRole('radio', { name: /Оплата при получении \(наличными или картой\)/ }).check();
  await expect(totals).toContainText('К оплате при получении:');
  const due = (await totals.locator('.checkout__total strong').innerText()).trim();
  await page.getByRole('button', { name: 'Оформить заказ' }).click();

  await expect(page).toHaveURL(/\/basket\/delivery\/confirm\//);
  const orderPage = page.url();
  await page.getByRole('dialog', { name: 'Ваша заказ принят' }).getByRole('button', { name: 'Ok' }).click();
  const number = (await page.getByRole('heading', { level: 1 }).innerText()).replace('Заказ № ', '');
  await expect(page.getByTestId('pay-on-receipt')).toContainText(`Оплата при получении, наличными или картой: ${due}`);
  await expect(page.getByRole('button', { name: 'Оплатить', exact: true })).toHaveCount(0);
  await expect(page.getByTestId('pay-until')).toHaveCount(0);
  await expect
    .poll(() =>
      mailsTo(BUYER.email).some((m) => m.includes(`${number} принят`) && m.includes(`Оплата при получении, наличными или картой: ${due}`)),
    )
    .toBe(true);

  // The dispatcher finds it among the orders paid on receipt, assembles and ships it unpaid.
  const desk = await (await freshContext(browser)).newPage();
  await signInAtDesk(desk, E2E_STAFF.onReceipt);
  await desk.getByLabel('Способ оплаты').selectOption({ label: 'Оплата при получении (наличными или картой)' });
  await expect(desk).toHaveURL(/payment=on_receipt/);
  await desk.getByRole('link', { name: number }).click();
  await expect(desk.getByTestId('desk-payment-method')).toContainText('Оплата при получении');
  await desk.getByRole('button', { name: 'Собрать заказ' }).click();
  await expect(desk.getByTestId('desk-status')).toHaveText('Собирается');
  await desk.getByRole('button', { name: 'Передать в доставку' }).click();
  await desk.getByLabel('Трек-номер отправления').fill('MSK-COURIER-0142');
  await desk.getByLabel('Трек-номер отправления').press('Enter');
  await expect(desk.getByTestId('desk-status')).toHaveText('Передан в доставку');

  await page.goto(orderPage);
  await expect(page.getByTestId('order-status')).toContainText('Передан в доставку');
  await expect(page.getByTestId('pay-on-receipt')).toContainText(due);
  await expect
    .poll(() =>
      mailsTo(BUYER.email).some((m) => m.includes('MSK-COURIER-0142') && m.includes(`Оплата при получении, наличными или картой: ${due}`)),
    )
    .toBe(true);

  // At the door the buyer pays; the courier reports it and the dispatcher marks the order received and paid.
  await desk.getByRole('button', { name: `Получен и оплачен: ${due}` }).click();
  await expect(desk.getByTestId('desk-status')).toHaveText('Получен');
  await expect(desk.getByTestId('desk-timeline')).toContainText(`оплачено при получении: ${due}`);

  await page.reload();
  await expect(page.getByTestId('order-status')).toContainText('Получен');
  await expect(page.getByText('Заказ оплачен.')).toBeVisible();
  await expect.poll(() => mailsTo(BUYER.email).some((m) => m.includes(`Оплачено при получении: ${due}`))).toBe(true);
});
