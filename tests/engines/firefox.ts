// Firefox ESR (Debian's firefox-esr) driven over WebDriver BiDi by puppeteer-core: a fresh profile, headless,
// service workers on; every console error and uncaught error of the page is kept for errors(), from the
// first script of each page on (BiDi reports them as they happen).
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { scriptExpression, type BrowserDriver, type PageScript } from './driver.ts';

export const FIREFOX_PATH = process.env.FIREFOX_PATH ?? '/usr/bin/firefox-esr';

export async function startFirefox(): Promise<BrowserDriver> {
  const browser: Browser = await puppeteer.launch({
    browser: 'firefox',
    executablePath: FIREFOX_PATH,
    headless: true,
    // FIREFOX_CONSOLE=1 prints the browser's own console, for a failure's cause.
    dumpio: process.env.FIREFOX_CONSOLE === '1',
    // A shopper's browser, quiet: no update checks or telemetry calls out of this closed network.
    extraPrefsFirefox: {
      'app.update.enabled': false,
      'datareporting.policy.dataSubmissionEnabled': false,
      'intl.accept_languages': 'ru-RU',
      'devtools.console.stdout.content': process.env.FIREFOX_CONSOLE === '1',
    },
  });
  const page: Page = await browser.newPage();
  await page.setViewport({ width: 1280, height: 900 });
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(`console.error at ${page.url()}: ${m.text()}`);
  });
  page.on('pageerror', (e) => {
    const message = e instanceof Error ? e.message : String(e);
    errors.push(`uncaught at ${page.url()}: ${message}`);
  });
  return {
    engine: 'firefox',
    async open(url) {
      await page.goto(url, { waitUntil: 'load' });
    },
    run: <T, A extends unknown[]>(script: PageScript<A>, ...args: A) => page.evaluate(scriptExpression(script, args)) as Promise<T>,
    async click(css) {
      await page.locator(css).click();
    },
    async type(css, text) {
      await page.locator(css).fill(text);
    },
    async pressEnter(css) {
      await page.focus(css);
      await page.keyboard.press('Enter');
    },
    errors: async () => [...errors],
    close: () => browser.close(),
  };
}
