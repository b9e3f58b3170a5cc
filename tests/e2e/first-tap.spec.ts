// A shopper's first taps, made while the app has not started yet (on a slow phone the page shows seconds
// before its scripts arrive): each test holds every script of the shop back, taps as a shopper would on
// what the server's HTML shows, then lets the scripts come. What was tapped takes effect once, as tapped.
import type { APIRequestContext, Browser, BrowserContext, Page } from '@playwright/test';
import { randomInt } from 'node:crypto';
import { expect, test } from './fixtures.ts';
import { pickProducts } from './basket-helpers.ts';

/** A phone-sized page whose scripts wait for `release()`: its navigations are not waited on for the app. */
async function heldPage(
  browser: Browser,
  options: { baseURL?: string; storageState?: unknown },
): Promise<{ context: BrowserContext; page: Page; release: () => Promise<void> }> {
  const context = await browser.newContext({
    baseURL: options.baseURL,
    storageState: options.storageState as never,
    viewport: { width: 390, height: 844 },
    extraHTTPHeaders: { 'x-forwarded-for': `198.18.${randomInt(256)}.${randomInt(1, 255)}` },
  });
  const page = await context.newPage();
  let letGo!: () => void;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  return {
    context,
    page,
    release: async () => {
      letGo();
      await page.waitForSelector('html[data-ready]', { state: 'attached' });
    },
  };
}

/** A product page with two sizes, its scripts held back: on a first visit, or with the given cookies set. */
async function heldProduct(
  fixtures: { browser: Browser; baseURL?: string; storageState?: unknown; request: APIRequestContext },
  cookies: { name: string; value: string }[] = [],
) {
  const [pick] = await pickProducts(fixtures.request, 1, 2);
  const held = await heldPage(fixtures.browser, fixtures);
  if (cookies.length) await held.context.addCookies(cookies.map((c) => ({ ...c, url: fixtures.baseURL! })));
  return { ...held, exts: pick!.extIds, open: () => held.page.goto(pick!.url, { waitUntil: 'commit' }) };
}

test('a size tapped before the app starts is the size the basket gets', async ({ browser, baseURL, storageState, request }) => {
  const { context, page, release, exts, open } = await heldProduct({ browser, baseURL, storageState, request });
  await open();
  await page.locator(`input[value="${exts[1]}"]`).check({ force: true });
  await release();
  await expect(page.locator(`input[value="${exts[1]}"]`)).toBeChecked();
  await page.getByRole('button', { name: 'Добавить в корзину' }).click();
  await expect(page.getByText('Добавлено в корзину.')).toBeVisible();
  await expect(page.getByText('Выберите размер')).toHaveCount(0);
  await page.goto('/basket');
  await expect(page.locator(`[data-ext-id="${exts[1]}"]`)).toHaveCount(1);
  await context.close();
});

test('on a first visit, a size and «Добавить в корзину» tapped before the app starts add the line once, said on the page before the app', async ({
  browser,
  baseURL,
  storageState,
  request,
}) => {
  const { context, page, release, exts, open } = await heldProduct({ browser, baseURL, storageState, request });
  // The page's errors: the status the first script filled must not make React draw the page anew ([hydrate]).
  const logged: string[] = [];
  page.on('console', (m) => void (m.type() === 'error' && logged.push(m.text())));
  // The form's answer is held a while: the shopper taps again meanwhile.
  const sent: string[] = [];
  let answer!: () => void;
  const answered = new Promise<void>((resolve) => (answer = resolve));
  await page.route('**/api/v2/cart/form/', async (route) => {
    sent.push(route.request().postData() ?? '');
    await answered;
    await route.continue();
  });
  await open();
  await page.locator(`input[value="${exts[0]}"]`).check({ force: true });
  const add = page.getByRole('button', { name: 'Добавить в корзину' });
  const box = (await add.boundingBox())!;
  const tapAdd = () => page.mouse.click(box.x + box.width / 2, box.y + box.height / 2);
  await tapAdd();
  await expect.poll(() => sent.length).toBe(1);
  await tapAdd();
  answer();
  // Said on the product page, before any of the shop's scripts came: the server added the line.
  await expect(page.getByRole('status')).toHaveText('Добавлено в корзину. Перейти в корзину');
  expect(await page.evaluate(() => document.documentElement.hasAttribute('data-ready'))).toBe(false);
  await expect(page).not.toHaveURL(/\/basket$/);
  await release();
  // The app knows it: it says so itself, and its basket has the line.
  await expect(page.getByRole('status')).toHaveText('Добавлено в корзину. Перейти в корзину');
  await expect(page.getByTestId('basket-count')).toHaveText('1');
  expect(sent).toHaveLength(1);
  expect(new URLSearchParams(sent[0]).get('selectSize')).toBe(exts[0]);
  expect(logged).toEqual([]);
  await page.getByRole('link', { name: 'Перейти в корзину' }).click();
  await expect(page.locator(`[data-ext-id="${exts[0]}"]`).getByTestId('quantity')).toHaveText('1');
  await context.close();
});

test('with a basket change waiting on the device, «Добавить в корзину» tapped before the app starts is added by the app, on the page', async ({
  browser,
  baseURL,
  storageState,
  request,
}) => {
  const { context, page, release, exts, open } = await heldProduct({ browser, baseURL, storageState, request }, [
    { name: 'basketQueued', value: '1' },
  ]);
  await open();
  await page.locator(`input[value="${exts[0]}"]`).check({ force: true });
  await page.getByRole('button', { name: 'Добавить в корзину' }).click();
  await release();
  await expect(page.getByText('Добавлено в корзину.')).toBeVisible();
  await expect(page).not.toHaveURL(/\/basket$/);
  await expect(page.getByTestId('basket-count')).toHaveText('1');
  await page.goto('/basket');
  await expect(page.locator(`[data-ext-id="${exts[0]}"]`).getByTestId('quantity')).toHaveText('1');
  await context.close();
});

test('«Добавить в корзину» tapped before the app starts with no size chosen asks for one once the app starts', async ({
  browser,
  baseURL,
  storageState,
  request,
}) => {
  const { context, page, release, open } = await heldProduct({ browser, baseURL, storageState, request });
  await open();
  await page.getByRole('button', { name: 'Добавить в корзину' }).click();
  await release();
  await expect(page.getByRole('alert')).toHaveText('Выберите размер');
  await expect(page).not.toHaveURL(/\/basket$/);
  await context.close();
});

test('the menu tapped before the app starts opens at once, and the app knows it open', async ({ browser, baseURL, storageState }) => {
  const { context, page, release } = await heldPage(browser, { baseURL, storageState });
  await page.goto('/kupalniki', { waitUntil: 'commit' });
  const burger = page.getByRole('button', { name: 'Меню', exact: true });
  await burger.click();
  const menu = page.getByRole('dialog', { name: 'Меню' });
  await expect(menu).toBeVisible();
  // A catalogue root opened before the start stays open in the panel the app draws.
  const root = menu.locator('.mobile-menu__root').first();
  await root.click();
  await expect(root).toHaveAttribute('aria-expanded', 'true');
  await release();
  await expect(menu).toBeVisible();
  await expect(menu.locator('.mobile-menu__root').first()).toHaveAttribute('aria-expanded', 'true');
  await expect(burger).toHaveAttribute('aria-expanded', 'true');
  await menu.getByRole('button', { name: 'Закрыть меню' }).click();
  await expect(menu).toBeHidden();
  await expect(burger).toHaveAttribute('aria-expanded', 'false');
  await context.close();
});

test('the menu opened and closed before the app starts stays closed after it, and opens again from the burger', async ({
  browser,
  baseURL,
  storageState,
}) => {
  const { context, page, release } = await heldPage(browser, { baseURL, storageState });
  await page.goto('/kupalniki', { waitUntil: 'commit' });
  const burger = page.getByRole('button', { name: 'Меню', exact: true });
  const menu = page.getByRole('dialog', { name: 'Меню' });
  await burger.click();
  await expect(menu).toBeVisible();
  await menu.getByRole('button', { name: 'Закрыть меню' }).click();
  await expect(menu).toBeHidden();
  await burger.click();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await release();
  await expect(menu).toBeHidden();
  await burger.click();
  await expect(menu).toBeVisible();
  await context.close();
});

/** A first visit's storage (the cookie notice shows), but the channel's popup already closed: it would cover the page. */
const notAccepted = (baseURL: string | undefined) => ({
  cookies: [],
  origins: [{ origin: baseURL!, localStorage: [{ name: 'telegramPopupClosed', value: 'true' }] }],
});

test('the cookie notice accepted before the app starts is accepted once the app has drawn the notice', async ({ browser, baseURL }) => {
  const { context, page, release } = await heldPage(browser, { baseURL, storageState: notAccepted(baseURL) });
  await page.goto('/kupalniki', { waitUntil: 'commit' });
  const notice = page.getByRole('region', { name: 'Уведомление о cookie' });
  await notice.getByRole('button', { name: 'Принять' }).click();
  await release();
  await expect(notice).toHaveCount(0);
  await page.reload();
  await expect(page.getByRole('button', { name: 'Принять' })).toHaveCount(0);
  await context.close();
});

test('the cookie notice accepted after the page hydrated, before the app drew the notice, is accepted', async ({ browser, baseURL }) => {
  const context = await browser.newContext({ baseURL, storageState: notAccepted(baseURL), viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // The widgets' code alone is held: the rest of the page hydrates, the notice stays the server's HTML.
  let letGo!: () => void;
  const released = new Promise<void>((resolve) => (letGo = resolve));
  await page.route(/\/assets\/Widgets-[^/]+\.js(\?|$)/, async (route) => {
    await released;
    await route.continue();
  });
  await page.goto('/kupalniki', { waitUntil: 'commit' });
  await page.waitForFunction(() => (window as unknown as { __earlyInput?: { done: boolean } }).__earlyInput?.done === true);
  const notice = page.getByRole('region', { name: 'Уведомление о cookie' });
  await notice.getByRole('button', { name: 'Принять' }).click();
  letGo();
  await page.waitForSelector('html[data-ready]', { state: 'attached' });
  await expect(notice).toHaveCount(0);
  await context.close();
});

test('a catalogue root unfolded in the menu after the page hydrated, before the app drew the menu, is unfolded in it', async ({
  browser,
  baseURL,
  storageState,
}) => {
  const context = await browser.newContext({ baseURL, storageState: storageState as never, viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  // Every script held, then all but the menu panel's: the page hydrates, the panel stays the server's HTML.
  let letApp!: () => void;
  const app = new Promise<void>((resolve) => (letApp = resolve));
  let letPanel!: () => void;
  const panel = new Promise<void>((resolve) => (letPanel = resolve));
  await page.route(/\/assets\/[^?]+\.js(\?|$)/, async (route) => {
    await (route.request().url().includes('/MobileMenuPanel-') ? panel : app);
    await route.continue();
  });
  await page.goto('/kupalniki', { waitUntil: 'commit' });
  await page.getByRole('button', { name: 'Меню', exact: true }).click();
  const menu = page.getByRole('dialog', { name: 'Меню' });
  await expect(menu).toBeVisible();
  letApp();
  await page.waitForFunction(() => (window as unknown as { __earlyInput?: { done: boolean } }).__earlyInput?.done === true);
  const root = menu.locator('.mobile-menu__root').first();
  await root.click();
  letPanel();
  await page.waitForSelector('html[data-ready]', { state: 'attached' });
  await expect(menu).toBeVisible();
  await expect(menu.locator('.mobile-menu__root').first()).toHaveAttribute('aria-expanded', 'true');
  await context.close();
});
