// The shop's accounting system at work, in Chromium against the real server: the stand-in 1C (tests/support/
// one-c.ts) speaks the exchange over HTTP as 1C does. It loads a zipped catalogue with pictures, and a
// shopper finds the new goods in their category, with their pictures, sizes and prices; 1C changes a price
// and sells out a size, and the product page says so; garbage and a wrong password are refused and the
// shopper sees the catalogue as it was. Two orders are paid at the stand-in bank; 1C takes them with their
// 1C Ид, ships one with a tracking number and cancels the other, and the buyer's order pages say so, the
// cancelled goods back on sale. The manager reads every step in the exchange's log at /manage/exchange.
import type { APIRequestContext } from '@playwright/test';
import type { Paged } from '../../common/contract/base.ts';
import type { Offer, ProductOffer } from '../../common/contract/catalog.ts';
import { formatPrice } from '../../common/money.ts';
import { E2E_EXCHANGE, StandIn1C } from '../../scripts/stand-in-1c.ts';
import { catalogue, IDS, NAMES, NEW_SUBGROUP, offers, OFFERS, ordersBack, PICTURES } from '../support/one-c-fixtures.ts';
import { paidOrderThroughApi } from './bank-helpers.ts';
import { expect, freshContext, test } from './fixtures.ts';
import { ensureStaffAccount, signInAtDesk } from './staff-helpers.ts';
import { E2E_STAFF } from '../support/staff.ts';

const CORAL_42 = `${IDS.coral}#e2000001`;
const CORAL_44 = `${IDS.coral}#e2000002`;
const MALTA_M = `${IDS.malta}#e1000002`;

/** The address of the product of that name, as the shop's search finds it. */
async function productUrlOf(request: APIRequestContext, name: string): Promise<string> {
  const found = (await (await request.get(`/api/v1/search/${encodeURIComponent(name)}?limit=20&offset=0`)).json()) as Paged<Offer>;
  return found.results.find((o) => o.name === name)!.full_path_offer;
}

async function stockOf(request: APIRequestContext, productUrl: string, ext: string): Promise<number | undefined> {
  const [, categoryPath, pk] = /^\/(.+)\/(\d+)\/[^/]+$/.exec(productUrl)!;
  const p = (await (await request.get(`/api/v1/product_offer/?categoryPath=${categoryPath}&pk=${pk}`)).json()) as ProductOffer;
  return p.variants.find((v) => v.ext_id === ext)?.stock;
}

test('1C loads and changes the catalogue, takes the orders and ships and cancels them; shoppers and the manager see each step', async ({
  page,
  request,
  browser,
  baseURL,
}) => {
  const oneC = () => new StandIn1C(baseURL!, E2E_EXCHANGE.login, E2E_EXCHANGE.password, 4096);

  // 1C loads the catalogue: a zip of import.xml, offers.xml and the pictures, posted in pieces.
  const [imported, offered] = await oneC().exchangeCatalogue([catalogue(), offers()], { pictures: PICTURES });
  expect([imported.result, offered.result]).toEqual(['success', 'success']);

  // A shopper finds the new subcategory's swimsuit, its pictures, sizes and price.
  await page.goto('/kupalniki/plyazhnaya-kollekciya-1s');
  await expect(page.getByRole('heading', { level: 1, name: NEW_SUBGROUP })).toBeVisible();
  const card = page.locator('.offer-card', { hasText: NAMES.coral });
  await expect(card).toBeVisible();
  await expect(card).toContainText(formatPrice(7490));
  await card.getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: NAMES.coral })).toBeVisible();
  await expect(page.getByTestId('product-price')).toHaveText(formatPrice(7490));
  await expect(page.locator(`input[value="${CORAL_42}"]`)).toBeEnabled();
  const picture = page.locator('.gallery__main');
  // Through the picture pipeline: the 4 × 5 JPEG as its one width, the browser taking the AVIF source.
  await expect(picture).toHaveAttribute('src', /^\/media\/p\/[0-9a-f]{24}-4x5-[0-9a-f]{6}\/4\.jpg$/);
  // Decoded and shown (its natural width is the layout's: a 4w source drawn at the gallery's size).
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  expect(await picture.evaluate((img: HTMLImageElement) => img.currentSrc)).toMatch(/\/4\.avif$/);
  expect((await request.get((await picture.getAttribute('src'))!)).headers()['content-type']).toBe('image/jpeg');

  // 1C sends changes only: the swimsuit is cheaper and size 42 sold out.
  const changed = OFFERS().filter((o) => o.id === CORAL_42 || o.id === CORAL_44);
  for (const o of changed) o.retail = 6990;
  changed[0]!.stock = { rests: [0, 0] };
  const [changes] = await oneC().exchangeCatalogue([offers({ changesOnly: true, offers: changed, encoding: 'utf-8', version: '2.08' })]);
  expect(changes.result).toBe('success');
  await page.reload();
  await expect(page.getByTestId('product-price')).toHaveText(formatPrice(6990));
  await expect(page.locator(`input[value="${CORAL_42}"]`)).toBeDisabled();
  await expect(page.locator(`input[value="${CORAL_44}"]`)).toBeEnabled();

  // Garbage and a wrong password are refused, and the shopper sees the catalogue as it was.
  const wrong = await new StandIn1C(baseURL!, E2E_EXCHANGE.login, 'not-the-password').checkauth('catalog');
  expect(wrong.status).toBe(401);
  const whole = offers().bytes;
  const [garbage] = await oneC().exchangeCatalogue([{ name: 'offers.xml', bytes: whole.subarray(0, whole.length - 200) }]);
  expect(garbage.result).toBe('failure');
  expect(garbage.reason).toMatch(/^offers\.xml: файл не читается как XML, строка \d+/);
  await page.reload();
  await expect(page.getByTestId('product-price')).toHaveText(formatPrice(6990));
  await expect(page.locator(`input[value="${CORAL_42}"]`)).toBeDisabled();

  // Two orders paid at the bank; 1C takes them with the goods' own Ид.
  const shipped = await paidOrderThroughApi(request, CORAL_44, '+7(903)-555-61-01');
  const cancelled = await paidOrderThroughApi(request, MALTA_M, '+7(903)-555-61-02');
  const maltaUrl = await productUrlOf(request, NAMES.malta);
  const maltaStock = await stockOf(request, maltaUrl, MALTA_M);
  const taker = oneC();
  const query = await taker.queryOrders();
  expect(query.headers.get('content-type')).toBe('application/xml; charset=windows-1251');
  for (const o of [shipped, cancelled]) expect(query.text).toContain(`<Номер>${o.number}</Номер>`);
  expect(query.text).toContain(`<Ид>${CORAL_44}</Ид>`);
  expect(query.text).toContain('<Наименование>Заказ оплачен</Наименование><Значение>true</Значение>');
  expect((await taker.ordersTaken()).text).toBe('success\n');

  // 1C's answer: the first shipped with a tracking number, the second cancelled.
  const answer = await oneC().sendOrders(
    ordersBack([
      {
        number: shipped.number,
        guid: shipped.guid,
        accountingNumber: 'УТ-00042',
        paidOn: '2026-11-26T12:00:00',
        shippedOn: '2026-11-27T10:00:00',
        tracking: 'RA700112233RU',
      },
      { number: cancelled.number, guid: cancelled.guid, cancelled: true },
    ]),
  );
  expect(answer.text).toBe('success\n');
  await page.goto(`/basket/delivery/confirm/${shipped.guid}`);
  await expect(page.getByTestId('order-status')).toContainText('Передан в доставку');
  await expect(page.getByTestId('tracking-number')).toHaveText('RA700112233RU');
  await page.goto(`/basket/delivery/confirm/${cancelled.guid}`);
  await expect(page.getByTestId('order-status')).toContainText('Отменён');
  await expect(page.getByTestId('order-cancelled')).toBeVisible();
  expect(await stockOf(request, maltaUrl, MALTA_M)).toBe(maltaStock! + 1);

  // The manager reads the exchanges in the desk's log.
  await ensureStaffAccount(request, E2E_STAFF.accounting);
  const desk = await (await freshContext(browser)).newPage();
  await signInAtDesk(desk, E2E_STAFF.accounting);
  await desk.getByRole('link', { name: 'Обмен с 1С' }).click();
  await expect(desk).toHaveURL(/\/manage\/exchange$/);
  await expect(desk.getByTestId('exchange-setup')).toContainText(`${new URL(baseURL!).origin}/exchange/1c`);
  const runs = desk.getByTestId('exchange-run');
  await expect(runs.first()).toContainText('orders.xml');
  await expect(desk.getByTestId('exchange-log')).toContainText('offers.xml: файл не читается как XML');
  await expect(desk.getByTestId('exchange-log')).toContainText('заказов изменено: 2');
  await expect(desk.getByTestId('exchange-log')).toContainText('товаров добавлено: 4');
  // The shipped order names 1C's own number, and the accounting system as who shipped it.
  await desk.goto(`/manage?q=${shipped.number}`);
  await desk.getByTestId('desk-orders').getByRole('link', { name: shipped.number }).click();
  await expect(desk.getByTestId('desk-accounting-number')).toHaveText('УТ-00042');
  await expect(desk.getByTestId('desk-timeline')).toContainText('Учётная система');
});
