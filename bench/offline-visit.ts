// The offline section of `npm run bench`: a shopper's repeat visit with no network, timed to the first
// product card. The shop as `npm run serve` runs it on a fresh seeded database and on a copy of dist/ (a
// build started meanwhile would give the pages another build than the service worker, which then keeps
// none), in Debian's Chromium (CHROMIUM_PATH) driven by Playwright on a phone's screen (412x823 at 1.75x,
// as Lighthouse's mobile preset). Each run is a fresh browser profile: the page is visited online until the
// service worker controls it and has kept it, once more (the worker's own answer), then the network is cut
// (context.setOffline) and the same page opened again. Measured from the navigation's start (the origin of
// performance.now()): the first `.offer-card` in the DOM (a MutationObserver of an init script), the frame
// that painted it (Element Timing's renderTime; below the fold too: on a phone the home page's first card
// is), and first-contentful-paint. The median of the runs per page, beside the aim; nothing passes or fails.
//
// The same visit four ways:
// - 4x CPU (the headline): DevTools' CPU slowdown, as Lighthouse's mobile preset. It needs a DevTools
//   session on the page, and with one attached Chromium's navigator.onLine says true after an offline
//   navigation (the shop's offline notice then stays hidden); so that session emulates the offline network
//   too, and navigator.onLine is read back on the offline page (the onLine column). It stays attached: a
//   detached session takes its slowdown with it (measured: a busy loop is back at full speed at once).
// - 4x CPU with the service worker stopped first: a phone stops an idle worker within a minute, so a real
//   repeat visit usually starts it again. (Playwright attaches to the starting worker before it runs, which
//   adds a little of its own.)
// - 4x CPU, the app shell: a page whose data the worker keeps but not the page itself (reached inside the
//   app, its kept copy then taken out, as for a page whose keeping never happened), so offline it answers
//   with the app shell (index.html), which renders in the browser from the kept data.
// - no slowdown and no DevTools session of ours: the desktop-speed figure, navigator.onLine as a shopper's.
//
// Beside the visited pages, the installed app opened from its icon: the manifest's start_url (`/?source=pwa`)
// opened offline after the shopper visited `/` online; the worker answers it with the page `/` it kept.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from '@playwright/test';
import { CHROMIUM_PATH } from '../scripts/chromium.ts';
import { withBrowserShop } from './browser-shop.ts';
import { median, ms } from './figures.ts';
import { CPU_SLOWDOWN, PHONE } from './phone.ts';

const AIM = '≤ 300 ms';
/** A page the shell variant's shopper starts from, never one measured. */
const ELSEWHERE = '/blog';

interface Variant {
  label: string;
  throttle: boolean;
  stopWorker: boolean;
  /** The page was opened directly online, so the worker kept it; else only reached inside the app. */
  kept: boolean;
}

const VARIANTS: readonly Variant[] = [
  { label: `${CPU_SLOWDOWN}x CPU, service worker running`, throttle: true, stopWorker: false, kept: true },
  { label: `${CPU_SLOWDOWN}x CPU, service worker stopped first`, throttle: true, stopWorker: true, kept: true },
  {
    label: `${CPU_SLOWDOWN}x CPU, page never opened directly (the app shell and kept data)`,
    throttle: true,
    stopWorker: false,
    kept: false,
  },
  { label: 'no CPU slowdown, no DevTools session', throttle: false, stopWorker: false, kept: true },
];

/** What one offline visit measured, in ms from the navigation's start (NaN: not seen). */
interface Visit {
  cardInDom: number;
  cardPainted: number;
  fcp: number;
  /** When the service worker's answer began (the navigation entry's responseStart). */
  responseStart: number;
  /** The worker's answer: the kept page as the server rendered it, or the app shell. */
  pageFrom: string;
  /** Where the first card came from: the page's HTML (the document still loading) or the app's script. */
  cardFrom: string;
  onLine: boolean;
}

// Runs in every document before its own scripts: the time the first `.offer-card` is in the DOM and the
// document's state then; the card and all within it are marked for the Element Timing API at once (before
// the next frame), whose entries give when the card's text was painted, below the fold too. A string: the
// bench is typed for Node, without the DOM's types.
const FIRST_CARD_SCRIPT = `(() => {
  window.__cardPaints = [];
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) if (e.identifier === 'first-card' && e.renderTime > 0) window.__cardPaints.push(e.renderTime);
  }).observe({ type: 'element', buffered: true });
  const observer = new MutationObserver(() => {
    const card = document.querySelector('.offer-card');
    if (!card) return;
    observer.disconnect();
    window.__firstCard = { inDom: performance.now(), state: document.readyState };
    for (const el of [card, ...card.querySelectorAll('*')]) el.setAttribute('elementtiming', 'first-card');
  });
  observer.observe(document, { childList: true, subtree: true });
})();`;

const READ_VISIT = `(() => {
  const card = window.__firstCard;
  const fcp = performance.getEntriesByType('paint').find((e) => e.name === 'first-contentful-paint');
  const nav = performance.getEntriesByType('navigation')[0];
  return {
    cardInDom: card ? card.inDom : NaN,
    cardPainted: window.__cardPaints.length ? Math.min(...window.__cardPaints) : NaN,
    fcp: fcp ? fcp.startTime : NaN,
    responseStart: nav ? nav.responseStart : NaN,
    pageFrom: document.getElementById('shop-data') ? 'kept page' : 'app shell',
    cardFrom: card ? (card.state === 'loading' ? 'page HTML' : 'script') : 'no card',
    onLine: navigator.onLine,
  };
})()`;

/**
 * Until the expression is truthy in the page, polled with page.evaluate: the shop's Content-Security-Policy
 * refuses the eval that waitForFunction makes of a string, and it takes a promise for a truthy answer.
 */
export async function until(page: Page, expression: string, what: string, timeoutMs = 20_000): Promise<void> {
  for (const deadline = Date.now() + timeoutMs; !(await page.evaluate(expression)); await page.waitForTimeout(50)) {
    if (Date.now() > deadline) throw new Error(`${what}: not within ${timeoutMs / 1000} s at ${page.url()}`);
  }
}

/** Until the service worker controls the page (the first install claims it; else after one reload). */
async function waitForControl(page: Page): Promise<void> {
  await page.evaluate('navigator.serviceWorker.ready.then(() => undefined)');
  if (!(await page.evaluate('navigator.serviceWorker.controller !== null'))) await page.reload();
  await until(page, 'navigator.serviceWorker.controller !== null', 'the service worker controls the page');
}

const KEPT = (url: string) => `caches.match(${JSON.stringify(url)}).then(Boolean)`;

/** The shopper's online visits before the offline one: the page kept by the worker, or only its data. */
async function visitOnline(page: Page, url: string, kept: boolean): Promise<void> {
  if (kept) {
    await page.goto(url);
    await waitForControl(page);
    await until(page, KEPT(url), 'the service worker keeps the page');
    await page.goto(url, { waitUntil: 'networkidle' }); // a visit the worker answers
    await until(page, KEPT(url), 'the service worker keeps the page');
    return;
  }
  const start = new URL(ELSEWHERE, url).href;
  await page.goto(start);
  await waitForControl(page);
  await until(page, KEPT(start), 'the service worker keeps the page');
  await page.goto(start, { waitUntil: 'networkidle' });
  // Inside the app (wouter follows history.pushState): the page's data comes through the worker, which keeps it.
  const { pathname } = new URL(url);
  await page.evaluate(`history.pushState(null, '', ${JSON.stringify(pathname)})`);
  await until(page, `document.querySelector('.offer-card') !== null && location.pathname === ${JSON.stringify(pathname)}`, 'cards');
  // The app keeps a page reached by a click once the browser is idle (src/state/offline-pages.ts); this
  // variant measures a page the shopper never reached at all, so the kept copy is taken out again.
  await until(page, KEPT(url), 'the service worker keeps the page reached inside the app');
  await page.evaluate(
    `caches.keys().then((names) => Promise.all(names.filter((n) => n.includes('pages')).map((n) => caches.open(n).then((c) => c.delete(${JSON.stringify(url)}, { ignoreVary: true })))))`,
  );
  if (await page.evaluate(KEPT(url))) throw new Error(`${url} is still kept`);
}

/** Stops the shop's service worker and waits until it has stopped; the next navigation starts it again. */
async function stopServiceWorker(context: BrowserContext, page: Page): Promise<void> {
  const cdp = await context.newCDPSession(page);
  let running = true;
  cdp.on('ServiceWorker.workerVersionUpdated', (e) => {
    running = e.versions.some((v) => v.runningStatus !== 'stopped');
  });
  await cdp.send('ServiceWorker.enable');
  await cdp.send('ServiceWorker.stopAllWorkers');
  for (let i = 0; i < 100 && running; i++) await page.waitForTimeout(50);
  await cdp.detach();
}

/** One offline visit: `visited` opened online first, then `url` opened offline (the same page, or its start_url). */
async function offlineVisit(browser: Browser, url: string, visited: string, variant: Variant): Promise<Visit> {
  const context = await browser.newContext({
    serviceWorkers: 'allow',
    ...PHONE,
  });
  try {
    await context.addInitScript({ content: FIRST_CARD_SCRIPT });
    const page = await context.newPage();
    await visitOnline(page, visited, variant.kept);
    if (variant.stopWorker) await stopServiceWorker(context, page);
    await context.setOffline(true);
    if (variant.throttle) {
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
      await cdp.send('Network.enable');
      await cdp.send('Network.emulateNetworkConditions', { offline: true, latency: 0, downloadThroughput: -1, uploadThroughput: -1 });
    }
    await page.goto(url);
    await until(page, 'window.__cardPaints.length > 0', 'the first card painted', 15_000).catch(() => undefined);
    return (await page.evaluate(READ_VISIT)) as Visit;
  } finally {
    await context.close();
  }
}

/** The fastest and the slowest run. */
const range = (xs: number[]) => {
  const ok = xs.filter((x) => Number.isFinite(x));
  return ok.length ? `${Math.round(Math.min(...ok))}–${Math.round(Math.max(...ok))}` : '—';
};
/** The values the runs gave, each with its count when they differ. */
const tally = (xs: string[]) => {
  const distinct = [...new Set(xs)];
  return distinct.length === 1 ? distinct[0] : distinct.map((x) => `${x} (${xs.filter((y) => y === x).length})`).join(', ');
};

/** The web app manifest's start_url: what the installed app opens from its icon. */
async function startUrl(base: string): Promise<string> {
  const href = /<link rel="manifest" href="([^"]+)"/.exec(await (await fetch(`${base}/`)).text())?.[1];
  if (!href) throw new Error('the page links no web app manifest');
  return ((await (await fetch(new URL(href, base))).json()) as { start_url: string }).start_url;
}

/** A product page of the seed: the first card of the catalogue's first page. */
async function productPath(base: string): Promise<string> {
  const page = (await (await fetch(`${base}/api/v1/offers/?limit=1&offset=0`)).json()) as { results: { full_path_offer: string }[] };
  return page.results[0].full_path_offer;
}

export async function offlineSection(opts: { distDir: string; runs?: number }): Promise<void> {
  const runs = opts.runs ?? 5;
  console.log(
    `\nOffline repeat visit: time to the first product card, ${runs}x per page (median), a fresh profile each run, ${CHROMIUM_PATH} at 412x823`,
  );
  console.log(
    "from the navigation's start: the card painted (Element Timing) and in the DOM, FCP, the worker's answer (responseStart); onLine: navigator.onLine offline",
  );
  await withBrowserShop(opts.distDir, 'offline', async ({ url, distDir, browser }) => {
    const build = (await fetch(url + '/')).headers.get('x-shop-build') ?? '';
    if (!build || !readFileSync(path.join(distDir, 'sw.js'), 'utf8').includes(build))
      throw new Error(`${opts.distDir}/ changed while it was copied (its pages and service worker are of two builds): run again`);
    const [start, product] = [await startUrl(url), await productPath(url)];
    const pages = [
      { label: '/', path: '/', visited: '/' },
      { label: `start_url ${start}, / visited`, path: start, visited: '/' },
      { label: '/kupalniki', path: '/kupalniki', visited: '/kupalniki' },
      { label: 'a product page', path: product, visited: product },
    ];
    for (const page of pages) await fetch(url + page.path); // the first request of a page warms the server's caches
    const visits = new Map<string, Visit[]>();
    const failures = new Map<string, number>();
    // Interleaved, so that a slow spell of the machine is spread over every variant and page. A run Playwright
    // cannot finish ('Target closed' now and then) is run again, twice at most.
    for (let run = 0; run < runs; run++) {
      for (const variant of VARIANTS) {
        for (const page of pages) {
          const key = `${variant.label}\n${page.label}`;
          for (let attempt = 1; ; attempt++) {
            try {
              visits.set(key, [...(visits.get(key) ?? []), await offlineVisit(browser, url + page.path, url + page.visited, variant)]);
              break;
            } catch (err) {
              failures.set(key, (failures.get(key) ?? 0) + 1);
              if (attempt === 3) {
                console.warn(`  ${page.label}, ${variant.label}: ${String(err).split('\n')[0]}`);
                break;
              }
            }
          }
        }
      }
    }
    for (const variant of VARIANTS) {
      console.log(`\n${variant.label}`);
      console.table(
        Object.fromEntries(
          pages.map((page) => {
            const key = `${variant.label}\n${page.label}`;
            const all = visits.get(key) ?? [];
            const m = (k: 'cardInDom' | 'cardPainted' | 'fcp' | 'responseStart') => median(all.map((v) => v[k]));
            const failed = failures.get(key) ?? 0;
            return [
              page.label,
              {
                runs: failed ? `${all.length} (${failed} failed)` : String(all.length),
                'first card painted': ms(m('cardPainted')),
                aim: AIM,
                range: range(all.map((v) => v.cardPainted)),
                'card in DOM': ms(m('cardInDom')),
                FCP: ms(m('fcp')),
                'worker answered': ms(m('responseStart')),
                'answer, card from': `${tally(all.map((v) => v.pageFrom))}, ${tally(all.map((v) => v.cardFrom))}`,
                onLine: tally(all.map((v) => String(v.onLine))),
              },
            ];
          }),
        ),
      );
    }
  });
}
