// The end-to-end tests' `test`: Playwright's, with every page of a test's context waiting, after each
// navigation to one of the shop's pages, until the app has taken over the server's HTML (`data-ready` on
// <html>). The server's HTML shows the page at once; a shopper's click before the app runs would do
// nothing, so a test, like a shopper, acts once the page answers. Each test's browser (and its API
// requests) is a shopper at an address of its own, as the loopback proxy header says, so the shop's
// per-address limits (registrations, orders) count each test apart, as they would real shoppers.
import { randomInt } from 'node:crypto';
import { test as base, type Browser, type BrowserContext, type Page } from '@playwright/test';

export { expect } from '@playwright/test';

/** After a navigation that brought one of the shop's pages (HTML), wait for the app to be ready. */
function waitForApp(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const ready = async (res: Awaited<ReturnType<Page['goto']>>) => {
    if (res?.headers()['content-type']?.includes('text/html')) await page.waitForSelector('html[data-ready]', { state: 'attached' });
    return res;
  };
  page.goto = async (url, options) => ready(await goto(url, options));
  page.reload = async (options) => ready(await reload(options));
}

/** An address of the documentation range (198.18.0.0/15) for one shopper. */
const shopperAddress = () => ({ 'x-forwarded-for': `198.18.${randomInt(256)}.${randomInt(1, 255)}` });

/**
 * A second browser's context (nothing stored, another address), its pages waiting for the app like the test's own;
 * at another shop's address when given (a test that runs a shop of its own).
 */
export async function freshContext(browser: Browser, baseURL?: string): Promise<BrowserContext> {
  const context = await browser.newContext({ extraHTTPHeaders: shopperAddress(), ...(baseURL ? { baseURL } : {}) });
  context.on('page', waitForApp);
  return context;
}

export const test = base.extend({
  // Playwright reads a fixture's dependencies from its first parameter's pattern: this one has none.
  // eslint-disable-next-line no-empty-pattern
  extraHTTPHeaders: async ({}, use) => use(shopperAddress()),
  context: async ({ context }, use) => {
    context.on('page', waitForApp);
    for (const p of context.pages()) waitForApp(p);
    await use(context);
  },
});
