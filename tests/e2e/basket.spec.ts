// The basket and checkout as a visitor: two sizes of one product and one other product, a quantity
// changed, a line removed, checkout without an account with a promo code and courier delivery, payment
// through the shop's test provider, the confirmation and the popup; the manager's notice goes out by mail.
// And offline: changes made with no network wait in IndexedDB, survive a reload, and reach the server once.
import { expect, test } from './fixtures.ts';
import { addFromProductPage, basketWithOneLine, clickBasketLink, fillBuyer, line, pickProducts } from './basket-helpers.ts';
import { mailsTo } from './mailbox.ts';
import { controlled } from './service-worker-devtools.ts';

test('a visitor fills the basket, checks out with a promo code and courier delivery, and pays', async ({ page, request }) => {
  const [a, b] = await pickProducts(request, 2, 2);
  await addFromProductPage(page, a, a.extIds[0]);
  await addFromProductPage(page, a, a.extIds[1]);
  await addFromProductPage(page, b, b.extIds[0]);
  await expect(page.getByTestId('basket-count')).toHaveText('3');

  await page.goto('/basket');
  await expect(page.getByTestId('basket-lines').locator('li')).toHaveCount(3);
  await expect(page.getByTestId('pending-note')).toBeHidden();
  await line(page, a.extIds[0]).getByRole('button', { name: 'Увеличить' }).click();
  await expect(line(page, a.extIds[0]).getByTestId('quantity')).toHaveText('2');
  await expect(line(page, a.extIds[0])).not.toHaveClass(/is-pending/);
  await line(page, a.extIds[1])
    .getByRole('button', { name: /^Удалить/ })
    .click();
  await expect(page.getByTestId('basket-lines').locator('li')).toHaveCount(2);
  await expect(line(page, a.extIds[0]).getByRole('button', { name: 'Уменьшить' })).toBeEnabled();

  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  const choice = page.getByRole('dialog', { name: 'Оформление заказа' });
  await expect(choice.getByRole('button', { name: 'Войти' })).toBeVisible();
  await expect(choice.getByRole('button', { name: 'Зарегистрироваться' })).toBeVisible();
  await choice.getByRole('button', { name: 'Продолжить без регистрации' }).click();
  await expect(page).toHaveURL(/\/basket\/delivery$/);

  // The form's rules: nothing is sent until the fields are right.
  await page.getByRole('button', { name: 'Оформить заказ' }).click();
  await expect(page.getByText('Укажите фамилию, имя и отчество')).toBeVisible();
  await fillBuyer(page, { fio: 'Иванова Анна Сергеевна', email: 'anna.ivanova@example.ru', phoneDigits: '9251234567' });
  await expect(page.getByLabel('Телефон')).toHaveValue('+7(925)-123-45-67');
  await page.getByRole('radio', { name: /Курьером/ }).check();
  await page.getByLabel('Адрес: улица, дом, квартира').fill('ул. Тверская, д. 7, кв. 12');
  await page.getByLabel('Промокод').fill('LETO10');
  await page.getByRole('button', { name: 'Применить' }).click();
  await expect(page.getByText(/Скидка по промокоду/)).toBeVisible();
  const toPay = await page.getByTestId('checkout-totals').locator('.checkout__total strong').innerText();
  await page.getByRole('button', { name: 'Оформить заказ' }).click();

  await expect(page).toHaveURL(/\/basket\/delivery\/confirm\/[0-9a-f-]{36}$/);
  // The order is accepted as soon as it is placed, paid or not: the popup greets it here.
  const accepted = page.getByRole('dialog', { name: 'Ваша заказ принят' });
  await expect(accepted).toContainText('Менеджер магазина скоро позвонит');
  await accepted.getByRole('button', { name: 'Ok' }).click();
  await expect(accepted).toBeHidden();
  await expect(page.getByRole('heading', { name: /^Заказ № / })).toBeVisible();
  const number = (await page.getByRole('heading', { name: /^Заказ № / }).innerText()).replace('Заказ № ', '');
  await expect(page.getByTestId('order-lines').locator('li')).toHaveCount(2);
  await expect(page.getByTestId('order-total')).toHaveText(toPay);
  await expect(page.getByTestId('basket-count')).toHaveText('0');

  // Paid at the (stand-in) bank's form: the bank sends the buyer back, and the shop asks the bank before it
  // marks the order paid (the bank's signed callback follows; the run fails if the shop refuses it).
  await page.getByRole('button', { name: 'Оплатить', exact: true }).click();
  await expect(page.getByRole('heading', { name: 'Оплата заказа' })).toBeVisible();
  await page.getByRole('button', { name: 'Оплатить', exact: true }).click();
  await expect(page).toHaveURL(/\/basket\/success\?guid=/);
  await expect(page.getByText(/оплачен/)).toBeVisible();
  await expect(accepted).toHaveCount(0); // not twice for one order

  // The manager's new-order notice and the buyer's confirmation of this very order went out through SMTP.
  const aboutThisOrder = (address: string) => mailsTo(address).filter((text) => text.includes(number)).length;
  await expect.poll(() => aboutThisOrder('manager@moreimoda.ru'), { timeout: 30_000 }).toBeGreaterThan(0);
  await expect.poll(() => aboutThisOrder('anna.ivanova@example.ru'), { timeout: 30_000 }).toBeGreaterThan(0);
});

test('offline basket changes wait in IndexedDB, survive a reload and reach the server once', async ({ page, context, request }) => {
  const [a, b, c] = await pickProducts(request, 3, 2);
  // Online first: the pages are visited once the service worker controls them, so it keeps them.
  await page.goto(a.url);
  await controlled(page);
  await addFromProductPage(page, a, a.extIds[0]);
  await page.goto('/basket');
  await expect(line(page, a.extIds[0])).not.toHaveClass(/is-pending/);
  for (const p of [b, c]) {
    await page.goto(p.url);
    await expect(page.getByRole('heading', { level: 1, name: p.name })).toBeVisible();
  }

  await context.setOffline(true);
  await addFromProductPage(page, c, c.extIds[0]);
  await addFromProductPage(page, b, b.extIds[1]);
  await clickBasketLink(page);
  await expect(page).toHaveURL(/\/basket$/);
  await expect(page.getByTestId('pending-note')).toContainText('Нет связи');
  await line(page, a.extIds[0]).getByRole('button', { name: 'Увеличить' }).click();
  await line(page, a.extIds[0]).getByRole('button', { name: 'Увеличить' }).click();
  await line(page, c.extIds[0])
    .getByRole('button', { name: /^Удалить/ })
    .click();
  // A change shows once it is stored: the shopper reloads after seeing it, not while it is being written.
  await expect(line(page, c.extIds[0])).toHaveCount(0);
  await expect(line(page, b.extIds[1])).toHaveClass(/is-pending/);

  await page.reload();
  await expect(page.getByTestId('pending-note')).toContainText('Нет связи');
  await expect(line(page, a.extIds[0]).getByTestId('quantity')).toHaveText('3');
  await expect(line(page, b.extIds[1])).toHaveClass(/is-pending/);
  await expect(line(page, c.extIds[0])).toHaveCount(0);

  await context.setOffline(false);
  await expect(page.getByTestId('pending-note')).toBeHidden({ timeout: 30_000 });
  const server = (await (await page.request.get('/api/v2/cart/')).json()) as { cart: { ext_id: string; quantity: number }[] };
  expect(server.cart.map((l) => [l.ext_id, l.quantity]).sort()).toEqual(
    [
      [a.extIds[0], 3],
      [b.extIds[1], 1],
    ].sort(),
  );
});

test('a basket emptied while the shop cannot be reached says the emptying waits to be sent, until it is', async ({
  page,
  context,
  request,
}) => {
  const [a] = await pickProducts(request, 1, 2);
  await basketWithOneLine(page, a);

  await context.setOffline(true);
  await line(page, a.extIds[0])
    .getByRole('button', { name: /^Удалить/ })
    .click();
  // Empty on screen, as the shopper made it; but the shop still holds the line: the page says so.
  await expect(page.getByText('В корзине пока пусто.')).toBeVisible();
  await expect(page.getByTestId('pending-note')).toContainText('Нет связи: изменения корзины сохранены');

  await context.setOffline(false);
  await expect(page.getByTestId('pending-note')).toBeHidden({ timeout: 30_000 });
  const server = (await (await page.request.get('/api/v2/cart/')).json()) as { cart: unknown[] };
  expect(server.cart).toEqual([]);
});

test.describe('with the scripts held back', () => {
  // Every request of the page goes through the routes below only when no service worker answers it.
  test.use({ serviceWorkers: 'block' });

  test("the basket page reloaded while a change waits never draws the shop's basket without it", async ({ page, request }) => {
    const [a] = await pickProducts(request, 1, 2);
    // The shop cannot be reached for changes: the add waits on this device.
    await page.route(/\/api\/v2\/cart\//, (route) =>
      route.request().method() === 'GET' ? route.continue() : route.abort('internetdisconnected'),
    );
    await addFromProductPage(page, a, a.extIds[0]);
    await clickBasketLink(page);
    await expect(line(page, a.extIds[0])).toHaveClass(/is-pending/);

    // Reloaded with the page's scripts held back: what the server drew is all the shopper sees meanwhile.
    let letGo!: () => void;
    const released = new Promise<void>((resolve) => (letGo = resolve));
    await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
      await released;
      await route.continue();
    });
    // (Not page.reload: this suite's waits for the app to start, which the held scripts keep from happening.)
    await page.evaluate(() => location.reload());
    await expect(page.getByTestId('basket-not-known')).toBeVisible();
    await expect(page.getByText('В корзине пока пусто.')).toHaveCount(0);
    letGo();
    await expect(line(page, a.extIds[0])).toHaveClass(/is-pending/);
    await expect(page.getByText('В корзине пока пусто.')).toHaveCount(0);
  });
});

test('the basket page opened directly shows the shopper their own lines from its first paint, even without JavaScript', async ({
  page,
  browser,
  request,
}) => {
  const [p] = await pickProducts(request, 1, 2);
  await addFromProductPage(page, p, p.extIds[0]);
  await addFromProductPage(page, p, p.extIds[1]);
  await clickBasketLink(page);
  // Both lines shown and confirmed by the shop: a count of no pending lines alone also holds before the
  // basket has painted any line, while the second change may still be on its way (and the basket's cookie
  // not yet set).
  await expect(page.locator('.basket-line')).toHaveCount(2);
  await expect(page.locator('.basket-line.is-pending')).toHaveCount(0);

  // The same shopper (the same cookies) with scripts off: a link preview, a crawler, a broken script.
  const noScript = await browser.newContext({ javaScriptEnabled: false, storageState: await page.context().storageState() });
  const bare = await noScript.newPage();
  await bare.goto('/basket');
  await expect(line(bare, p.extIds[0])).toBeVisible();
  await expect(line(bare, p.extIds[1])).toBeVisible();
  await expect(bare.getByTestId('basket-count')).toHaveText('2');
  await expect(bare.getByText('В корзине пока пусто')).toHaveCount(0);
  // A stranger's browser gets no lines of this shopper's, and no false "empty" either.
  const stranger = await (await browser.newContext({ javaScriptEnabled: false })).newPage();
  await stranger.goto('/basket');
  await expect(stranger.locator('.basket-line')).toHaveCount(0);
  await expect(stranger.getByText('В корзине пока пусто')).toHaveCount(0);
  await noScript.close();
  await stranger.context().close();
});

// A tap aimed at a line's button must land on it, however quickly it follows the one before.
for (const [where, viewport] of [
  ['on a phone', { width: 390, height: 844 }],
  ['on a laptop', { width: 1280, height: 800 }],
] as const) {
  test.describe(where, () => {
    // The test holds a change on its way, which its routing can only do when no service worker answers the call.
    test.use({ serviceWorkers: 'block', viewport });

    test('a change being sent, then confirmed, moves no line and no button of the basket', async ({ page, request }) => {
      const [p] = await pickProducts(request, 1, 2);
      await addFromProductPage(page, p, p.extIds[0]);
      await addFromProductPage(page, p, p.extIds[1]);
      await page.goto('/basket');
      const [first, second] = [line(page, p.extIds[0]), line(page, p.extIds[1])];
      await expect(first).not.toHaveClass(/is-pending/);
      await expect(second).not.toHaveClass(/is-pending/);
      // Where the shopper's next tap goes: the same button again, the other line's, checkout.
      const targets = [
        first.getByRole('button', { name: 'Увеличить' }),
        second.getByRole('button', { name: 'Уменьшить' }),
        second.getByRole('button', { name: /^Удалить/ }),
        page.getByRole('button', { name: 'Оформить заказ' }),
      ];
      const placed = () =>
        Promise.all(targets.map(async (t) => ((b) => `${Math.round(b.x)},${Math.round(b.y)}`)((await t.boundingBox())!)));
      const before = await placed();

      // The change to the first line is held on its way until the test lets it through.
      let release = () => {};
      const released = new Promise<void>((resolve) => (release = resolve));
      await page.route(/\/api\/v2\/cart\//, async (route) => {
        if (route.request().method() !== 'GET') await released;
        await route.continue();
      });
      await first.getByRole('button', { name: 'Увеличить' }).click();
      await expect(first).toHaveClass(/is-pending/);
      await expect(first.getByTestId('quantity')).toHaveText('2');
      await expect(page.getByTestId('pending-note')).toBeVisible();
      expect(await placed(), 'while the change is being sent').toEqual(before);

      release();
      await expect(page.getByTestId('pending-note')).toBeHidden();
      await expect(first).not.toHaveClass(/is-pending/);
      expect(await placed(), 'once the shop has confirmed it').toEqual(before);
    });
  });
}

test('a browser that refuses the shop its storage: the shopper is told, and the basket works for the visit', async ({ page, request }) => {
  // As a browser whose settings or private mode refuse IndexedDB to sites (only the page's: the worker's stays).
  await page.addInitScript(() => {
    Object.defineProperty(window, 'indexedDB', {
      configurable: true,
      get: () => ({
        open: () => {
          throw new DOMException('The operation is insecure.', 'SecurityError');
        },
      }),
    });
  });
  const [a] = await pickProducts(request, 1, 1);
  await page.goto(a.url);
  await expect(page.locator('html[data-ready]')).toBeAttached();
  await addFromProductPage(page, a, a.extIds[0]);
  await expect(page.getByTestId('basket-count')).toHaveText('1');
  await expect(
    page.getByText('Браузер не даёт магазину хранить данные: изменения избранного и корзины не сохранятся после перезагрузки.'),
  ).toBeVisible();
});
