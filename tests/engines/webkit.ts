// WebKitGTK, the nearest engine to the iPhone's Safari that runs here: Debian's MiniBrowser driven by
// WebKitWebDriver (webkit2gtk-driver) over classic WebDriver with selenium-webdriver, in a real window
// (WebKitGTK has no headless mode: the suite runs under xvfb-run). Classic WebDriver has neither preload
// scripts nor the console, so each page gets a small recorder of console errors, uncaught errors and
// rejections at its first script call, kept in sessionStorage across the tab's pages; the app's own code
// starts a frame after the load event, after the recorder (what would throw before it goes unseen here).
import { spawn, type ChildProcess } from 'node:child_process';
import { Builder, By, Key, until, type WebDriver } from 'selenium-webdriver';
import { freePort } from '../../scripts/shop-process.ts';
import { scriptExpression, type BrowserDriver, type PageScript } from './driver.ts';

export const WEBKIT_DRIVER = process.env.WEBKIT_DRIVER_PATH ?? '/usr/bin/WebKitWebDriver';
export const MINIBROWSER = process.env.MINIBROWSER_PATH ?? '/usr/lib/x86_64-linux-gnu/webkit2gtk-4.1/MiniBrowser';

/** Installed in each document before the walk's scripts: records what the page logs as an error. */
function recordErrors(): void {
  const w = window as unknown as { walkRecorder?: true };
  if (w.walkRecorder) return;
  w.walkRecorder = true;
  const keep = (what: string) => {
    const all = JSON.parse(sessionStorage.getItem('walk-errors') ?? '[]') as string[];
    all.push(`${what} at ${location.href}`);
    sessionStorage.setItem('walk-errors', JSON.stringify(all));
  };
  const original = console.error.bind(console);
  console.error = (...args: unknown[]) => {
    keep(`console.error: ${args.map((a) => (a instanceof Error ? a.message : String(a))).join(' ')}`);
    original(...args);
  };
  addEventListener('error', (e) => keep(`uncaught: ${e.message}`));
  addEventListener('unhandledrejection', (e) =>
    keep(`unhandled rejection: ${String((e.reason as Error | undefined)?.message ?? e.reason)}`),
  );
}

async function driverUp(url: string, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`WebKitWebDriver exited (${child.exitCode})`);
    try {
      if ((await fetch(`${url}/status`)).ok) return;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('WebKitWebDriver did not start');
    await new Promise((r) => setTimeout(r, 100));
  }
}

export async function startWebKit(): Promise<BrowserDriver> {
  if (!process.env.DISPLAY) throw new Error('WebKitGTK needs a display: run the suite under xvfb-run -a (npm run test:engines does)');
  const port = await freePort();
  const child = spawn(WEBKIT_DRIVER, [`--port=${port}`], { stdio: 'ignore' });
  const url = `http://127.0.0.1:${port}`;
  await driverUp(url, child);
  let driver: WebDriver;
  try {
    driver = await new Builder()
      .usingServer(url)
      .withCapabilities({
        browserName: 'MiniBrowser',
        'webkitgtk:browserOptions': { binary: MINIBROWSER, args: ['--automation'] },
      })
      .build();
    await driver.manage().window().setRect({ width: 1280, height: 900 });
  } catch (err) {
    child.kill();
    throw err;
  }
  const run = <T, A extends unknown[]>(script: PageScript<A>, ...args: A): Promise<T> =>
    driver.executeScript<T>(`return (${scriptExpression(recordErrors, [])}, ${scriptExpression(script, args)});`);
  // As puppeteer's locators do in Firefox: an element the walk names is waited for a moment before it counts as missing.
  const element = (css: string) => driver.wait(until.elementLocated(By.css(css)), 10_000, `${css} is not in the page`);
  return {
    engine: 'webkit',
    async open(address) {
      await driver.get(address);
      await run(() => undefined);
    },
    run,
    async click(css) {
      await (await element(css)).click();
    },
    async type(css, text) {
      const field = await element(css);
      await field.click();
      // What the field holds goes key by key (a select-all chord types nothing in WebKitWebDriver).
      const held = String((await field.getAttribute('value')) ?? '').length;
      await field.sendKeys(Key.END, ...Array<string>(held).fill(Key.BACK_SPACE), text);
    },
    async pressEnter(css) {
      await (await element(css)).sendKeys(Key.ENTER);
    },
    errors: () => run<string[], []>(() => JSON.parse(sessionStorage.getItem('walk-errors') ?? '[]') as string[]),
    async close() {
      await driver.quit().catch(() => undefined);
      child.kill();
    },
  };
}
