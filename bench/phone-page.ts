// A page on the bench's phone (phone.ts: the screen, 4x CPU, slow 4G), and a shopper's arrival on it as a
// returning shopper has it: every part hydrated (the app marks `<html data-ready>`; a tap before that is not
// yet the app's), the cookie notice accepted and the channel popup closed long ago, the page's idle work done.
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { STORAGE_KEYS } from '../common/storage-keys.ts';
import { CPU_SLOWDOWN, PHONE, SLOW_4G } from './phone.ts';

/** A returning shopper closed the channel popup long ago (it would cover the page after a few pages). */
const CHANNEL_POPUP_CLOSED = `localStorage.setItem(${JSON.stringify(STORAGE_KEYS.telegramPopupClosed)}, 'true')`;

/** How a section wants its page. */
interface PhonePageOptions {
  /** Runs in every document before the app's. */
  initScript?: string;
  /**
   * No service worker: DevTools' network throttling is the page's, and the requests a service worker makes
   * for it go out unthrottled, so a section that times the network blocks the worker.
   */
  noServiceWorker?: boolean;
}

/** A new context on the phone, its page throttled. */
export async function phonePage(browser: Browser, opts: PhonePageOptions = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ ...PHONE, serviceWorkers: opts.noServiceWorker ? 'block' : 'allow' });
  await context.addInitScript({ content: CHANNEL_POPUP_CLOSED });
  if (opts.initScript) await context.addInitScript({ content: opts.initScript });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  await cdp.send('Network.emulateNetworkConditions', SLOW_4G);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
  return { context, page };
}

/** Opens a page and waits until the app has it, the cookie notice accepted and the idle work done. */
export async function arrive(page: Page, url: string): Promise<void> {
  await page.goto(url);
  await page.locator('html[data-ready]').waitFor({ state: 'attached', timeout: 60_000 });
  const accept = page.getByRole('button', { name: 'Принять', exact: true });
  if (await accept.isVisible()) await accept.click();
  await page.waitForTimeout(1000);
}
