// Delivery by CDEK, end to end, in Chromium: a shop of its own with a CDEK contract (the stand-in CDEK of
// tests/support/cdek-standin.ts, in this process, refusing what CDEK refuses), since the run's main shop delivers
// by its tariff table. A buyer in Kazan finds a pickup point by its street, pays on receipt; the manager
// assembles the order and prints its label; CDEK holds it with the right recipient, point, items, VAT and sum to
// collect; CDEK's webhooks say it is at the point, then delivered (and paid); the buyer's page and mails follow.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { request as playwrightRequest } from '@playwright/test';
import { startShop, freePort, type ShopProcess } from '../../scripts/shop-process.ts';
import { cdekEnv, startCdek, SHIPMENT_POINT, type CdekStandIn } from '../support/cdek-standin.ts';
import { E2E_STAFF } from '../support/staff.ts';
import { expect, freshContext, test } from './fixtures.ts';
import { addFromProductPage, pickProducts } from './basket-helpers.ts';
import { mailsTo } from './mailbox.ts';
import { ensureStaffAccount, signInAtDesk } from './staff-helpers.ts';

const BUYER = { fio: 'Галиева Алсу Рустемовна', email: 'alsu.galieva@example.ru', phoneDigits: '9172223344' };

let cdek: CdekStandIn;
let shop: ShopProcess;
let dataDir: string;
let url: string;

test.beforeAll(async () => {
  cdek = await startCdek();
  dataDir = mkdtempSync(path.join(tmpdir(), 'shop-cdek-e2e-'));
  const port = await freePort();
  url = `http://localhost:${port}`;
  shop = await startShop(
    {
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      PUBLIC_URL: url,
      PAYMENT_PROVIDER: 'test',
      VAT_RATE: '22',
      CHECK_ANSWERS: '1',
      LOG_LEVEL: 'warn',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      STAFF_EMAILS: E2E_STAFF.cdek,
      ...cdekEnv(cdek.url),
    },
    port,
  );
});

test.afterAll(async () => {
  await shop?.stop();
  await cdek?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
});

test('a buyer in Kazan picks a CDEK point by its street and pays on receipt; CDEK carries it and its webhooks move it', async ({
  browser,
}) => {
  test.setTimeout(150_000);
  const api = await playwrightRequest.newContext({ baseURL: url });
  await ensureStaffAccount(api, E2E_STAFF.cdek);
  const [pick] = await pickProducts(api, 1, 1, 'odezhda');
  // The shop subscribes to CDEK's statuses as it starts.
  await expect.poll(() => cdek.webhooks.map((h) => h.url.startsWith(`${url}/api/carrier/cdek/`))).toEqual([true]);

  const page = await (await freshContext(browser, url)).newPage();
  await page.context().addCookies([{ name: 'cookieAccepted', value: 'true', url }]);
  await addFromProductPage(page, pick!, pick!.extIds[0]!);
  await page.goto('/basket/delivery');
  await page.getByLabel('Фамилия, имя и отчество').fill(BUYER.fio);
  await page.getByLabel('E-mail').fill(BUYER.email);
  await page.getByLabel('Телефон').pressSequentially(BUYER.phoneDigits);
  await page.getByLabel('Город').fill('Каза');
  await page
    .getByRole('option', { name: /^Казань/ })
    .first()
    .getByRole('button')
    .click();
  await page.getByRole('radio', { name: /В пункт выдачи/ }).check();
  await page.getByRole('radio', { name: /Оплата при получении/ }).check();
  const points = page.getByRole('list', { name: 'Пункты выдачи' });
  await expect(points.getByRole('listitem')).toHaveCount(4);
  await page.getByLabel('Улица или метро').fill('пушкина');
  await expect(points.getByRole('listitem')).toHaveCount(1);
  await points.getByRole('radio', { name: /На Пушкина/ }).check();
  const due = (await page.getByTestId('checkout-totals').locator('.checkout__total strong').innerText()).trim();
  await page.getByRole('button', { name: 'Оформить заказ' }).click();

  await expect(page).toHaveURL(/\/basket\/delivery\/confirm\//);
  const orderPage = page.url();
  await page.getByRole('dialog', { name: 'Ваша заказ принят' }).getByRole('button', { name: 'Ok' }).click();
  const number = (await page.getByRole('heading', { level: 1 }).innerText()).replace('Заказ № ', '');
  await expect(page.getByTestId('pickup-point')).toContainText('«На Пушкина»: Казань, ул. Пушкина, 17');
  await expect(page.getByTestId('pay-on-receipt')).toContainText(due);

  // The manager assembles it: CDEK has it at once, and its label prints.
  const desk = await (await freshContext(browser, url)).newPage();
  await signInAtDesk(desk, E2E_STAFF.cdek);
  await desk.getByLabel('Номер, телефон, e-mail или имя').fill(number);
  await desk.getByLabel('Номер, телефон, e-mail или имя').press('Enter');
  await desk.getByRole('link', { name: number }).click();
  await desk.getByRole('button', { name: 'Собрать заказ' }).click();
  await expect(desk.getByTestId('desk-status')).toHaveText('Собирается');
  const cdekNumber = (await desk.getByTestId('desk-shipment-number').innerText()).trim();
  const label = await desk.request.get(
    await desk
      .getByRole('link', { name: 'Этикетка (PDF)' })
      .getAttribute('href')
      .then((h) => h!),
  );
  expect(label.headers()['content-type']).toBe('application/pdf');
  expect((await label.body()).subarray(0, 5).toString()).toBe('%PDF-');

  const held = [...cdek.orders.values()].find((o) => o.cdek_number === cdekNumber)!;
  const dueRoubles = Number(due.replace(/[^\d]/g, ''));
  const request = held.request as {
    shipment_point: string;
    delivery_point: string;
    recipient: { name: string; phones: { number: string }[] };
    delivery_recipient_cost: { value: number; vat_rate: number };
    packages: { items: { payment: { value: number; vat_rate: number; vat_sum: number }; amount: number }[] }[];
  };
  expect(request).toMatchObject({
    shipment_point: SHIPMENT_POINT,
    delivery_point: 'KZN31',
    recipient: { name: BUYER.fio, phones: [{ number: `+7${BUYER.phoneDigits}` }] },
  });
  const items = request.packages[0]!.items;
  const collected = items.reduce((s, i) => s + i.payment.value * i.amount, 0) + request.delivery_recipient_cost.value;
  expect(collected).toBe(dueRoubles);
  expect(items.every((i) => i.payment.vat_rate === 22 && i.payment.vat_sum > 0)).toBe(true);

  // CDEK carries it: handed in, at the point, delivered and paid.
  await cdek.report(cdekNumber, 'RECEIVED_AT_SHIPMENT_WAREHOUSE');
  await cdek.report(cdekNumber, 'ACCEPTED_AT_PICK_UP_POINT');
  await page.goto(orderPage);
  await expect(page.getByTestId('order-status')).toContainText('Готов к выдаче');
  await expect(page.getByTestId('tracking-number')).toHaveText(cdekNumber);
  await expect
    .poll(() =>
      mailsTo(BUYER.email).some(
        (m) => m.includes('Заказ доставлен в пункт выдачи') && m.includes(`Оплата при получении, наличными или картой: ${due}`),
      ),
    )
    .toBe(true);
  await cdek.report(cdekNumber, 'DELIVERED');
  await page.reload();
  await expect(page.getByTestId('order-status')).toContainText('Получен');
  await expect(page.getByText('Заказ оплачен.')).toBeVisible();
  await expect.poll(() => mailsTo(BUYER.email).some((m) => m.includes(`Оплачено при получении: ${due}`))).toBe(true);
  expect(cdek.webhookAnswers.map((a) => a.status)).toEqual([200, 200, 200]);
  await api.dispose();
});
