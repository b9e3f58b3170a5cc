// The Lighthouse section of `npm run bench`: the shop as `npm run serve` runs it on a fresh seeded database,
// each page measured by Lighthouse 12.8 with its mobile defaults (slow 4G, 4x CPU slowdown) in Debian's
// Chromium (CHROME_PATH or CHROMIUM_PATH, default /usr/bin/chromium), the median of 3 runs, printed beside
// the aims. A fresh browser profile each run: a first visit, no service worker yet. Then the pages with the
// seed's photographs with the slow 4G applied to the browser, each measured twice: as the shop serves them
// (the pipeline's variants) and as it served them before (every picture its original, through
// originals-proxy.ts). The paints section (`--only paints`): each page's first and largest paint as Lighthouse
// simulates them beside the same page loaded over a slow 4G shaped outside the browser (shaped-network.ts),
// for this build and, with `--paints-before <checkout>`, another (a worktree of an earlier commit, built) run
// with its own server.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { startShop } from '../scripts/shop-process.ts';
import { MEASURED_PAGES } from './measured-pages.ts';
import { median } from './figures.ts';
import { originalsProxy } from './originals-proxy.ts';
import { shapedNetwork } from './shaped-network.ts';

const CHROME = process.env.CHROME_PATH ?? CHROMIUM_PATH;
const FLAGS = ['--headless=new', ...CHROMIUM_FLAGS];

interface PageFigures {
  performance: number;
  fcpMs: number;
  lcpMs: number;
  tbtMs: number;
  cls: number;
  jsKb: number;
  /** The pictures the page downloaded, as sent. */
  pictureKb: number;
}

/** DevTools' 4x CPU slowdown and no network throttling: the network is shaped outside the browser. */
const CPU_ONLY = {
  requestLatencyMs: 0,
  downloadThroughputKbps: 0,
  uploadThroughputKbps: 0,
  rttMs: 0,
  throughputKbps: 0,
  cpuSlowdownMultiplier: 4,
};

async function measure(url: string, opts: { throttling?: 'devtools' | 'cpu-only' } = {}): Promise<PageFigures> {
  const profile = mkdtempSync(path.join(tmpdir(), 'bench-lh-'));
  const chrome = await chromeLauncher.launch({ chromePath: CHROME, chromeFlags: FLAGS, userDataDir: profile, logLevel: 'silent' });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: 'json',
      onlyCategories: ['performance'],
      logLevel: 'error',
      // 'devtools' applies the slow 4G to the browser itself, so a picture's real download time counts.
      ...(opts.throttling === 'devtools' ? { throttlingMethod: 'devtools' as const } : {}),
      ...(opts.throttling === 'cpu-only' ? { throttlingMethod: 'devtools' as const, throttling: CPU_ONLY } : {}),
    });
    if (!result) throw new Error(`Lighthouse gave no result for ${url}`);
    const { lhr } = result;
    if (lhr.runtimeError) console.warn(`  ${url}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
    const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN;
    const items =
      (lhr.audits['resource-summary']?.details as { items?: { resourceType: string; transferSize: number }[] } | undefined)?.items ?? [];
    const script = items.find((i) => i.resourceType === 'script')?.transferSize ?? 0;
    const image = items.find((i) => i.resourceType === 'image')?.transferSize ?? 0;
    return {
      performance: lhr.categories.performance?.score ?? NaN,
      fcpMs: audit('first-contentful-paint'),
      lcpMs: audit('largest-contentful-paint'),
      tbtMs: audit('total-blocking-time'),
      cls: audit('cumulative-layout-shift'),
      jsKb: script / 1000,
      pictureKb: image / 1000,
    };
  } finally {
    await chrome.kill();
    rmSync(profile, { recursive: true, force: true });
  }
}

/**
 * Runs a page's measure until `runs` of them finished (a run Lighthouse cannot finish, NO_NAVSTART now and then
 * in this Chromium, is run again, up to twice as many); the median of each figure over the finished runs.
 */
async function medianRuns(measureOnce: () => Promise<PageFigures>, runs: number) {
  const all: PageFigures[] = [];
  for (let tries = 0; all.filter((f) => Number.isFinite(f.performance)).length < runs && tries < runs * 2; tries++) {
    all.push(await measureOnce());
  }
  const finished = all.filter((f) => Number.isFinite(f.performance));
  return { of: (k: keyof PageFigures) => median(finished.map((f) => f[k])), tried: all.length, finished: finished.length };
}

/** A product page of the seed: the first card of the catalogue's first page. */
async function productPath(base: string): Promise<string> {
  const page = (await (await fetch(`${base}/api/v1/offers/?limit=1&offset=0`)).json()) as { results: { full_path_offer: string }[] };
  return page.results[0].full_path_offer;
}

export async function lighthouseSection(opts: { distDir: string; runs?: number }): Promise<void> {
  const runs = opts.runs ?? 3;
  console.log(`\nLighthouse ${runs}x per page (median), mobile defaults (slow 4G, 4x CPU), ${CHROME}, a first visit`);
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-lh-data-'));
  const shop = await startShop({ DATA_DIR: dataDir, DIST_DIR: opts.distDir, DATABASE_URL: '', LOG_LEVEL: 'warn' });
  const rows: Record<string, Record<string, string>> = {};
  let photographs: Record<string, Record<string, string>> | undefined;
  try {
    const product = await productPath(shop.url);
    photographs = await photographsTable(shop.url, [MEASURED_PAGES[0]!.path!, MEASURED_PAGES[1]!.path!, product], dataDir, runs);
    for (const page of MEASURED_PAGES.map((p) => p.path ?? product)) {
      await fetch(shop.url + page); // the first request of a page warms the server's caches
      const { of: m, tried, finished } = await medianRuns(() => measure(shop.url + page), runs);
      rows[page] = {
        runs: finished < tried ? `${finished} of ${tried}` : String(tried),
        performance: `${m('performance').toFixed(2)} (≥ 0.95)`,
        FCP: `${(m('fcpMs') / 1000).toFixed(2)} s (≤ 1.2)`,
        LCP: `${(m('lcpMs') / 1000).toFixed(2)} s (≤ 1.5)`,
        TBT: `${Math.round(m('tbtMs'))} ms (≤ 150)`,
        CLS: `${m('cls').toFixed(3)} (≤ 0.02)`,
        // Every script the run fetched, the idle start's included, as sent (brotli): not the initial JS,
        // which the bundle section gives.
        'all JS fetched (br)': `${m('jsKb').toFixed(1)} kB`,
      };
    }
  } finally {
    await shop.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
  console.table(rows);
  console.log(
    "\nThe seed's photographs (2400 × 3200 JPEGs through the picture pipeline) on a phone's first visit: Lighthouse's slow 4G" +
      ' applied to the browser (--throttling-method=devtools), median of the runs; as the shop serves them (the variants), and' +
      ' as it served them before the pipeline (each picture its original, the same page through a proxy)',
  );
  if (photographs) console.table(photographs);
}

/** The paints section (`--only paints`): the simulated and the shaped paints, this build beside another checkout. */
export async function paintsSection(opts: { beforeCheckout?: string; runs?: number }): Promise<void> {
  console.log(
    "\nFirst and largest paint as Lighthouse simulates them, and with the slow 4G shaped outside the browser (one link shared by every connection; DevTools' 4x CPU)" +
      (opts.beforeCheckout ? `; this build beside ${opts.beforeCheckout}` : ''),
  );
  const builds = [
    ...(opts.beforeCheckout ? [{ label: 'before', root: opts.beforeCheckout }] : []),
    { label: opts.beforeCheckout ? 'after' : 'this build', root: '.' },
  ];
  console.table(await paintsTable(builds, opts.runs ?? 3));
}

/**
 * Each build's first and largest paint on `/`, a listing and a product page: Lighthouse's simulation, and
 * the page loaded through shaped-network.ts, where the browser's own priorities meet the slow link (the
 * simulation lets every request started early share the link, whatever its priority). A build is a checkout
 * with its dist/ built, run with its own server.
 */
async function paintsTable(builds: { label: string; root: string }[], runs: number): Promise<Record<string, Record<string, string>>> {
  const table: Record<string, Record<string, string>> = {};
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  for (const build of builds) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-paints-data-'));
    const shop = await startShop(
      { DATA_DIR: dataDir, DIST_DIR: path.resolve(build.root, 'dist'), DATABASE_URL: '', LOG_LEVEL: 'warn' },
      undefined,
      path.resolve(build.root, 'server/main.ts'),
    );
    const shaped = await shapedNetwork(shop.url);
    try {
      const product = await productPath(shop.url);
      for (const [name, page] of [
        ['/', '/'],
        ['/kupalniki', '/kupalniki'],
        ['a product', product],
      ]) {
        await fetch(shop.url + page);
        const simulated = (await medianRuns(() => measure(shop.url + page), runs)).of;
        const outside = (await medianRuns(() => measure(shaped.url + page, { throttling: 'cpu-only' }), runs)).of;
        table[`${build.label}: ${name}`] = {
          'FCP simulated': s(simulated('fcpMs')),
          'LCP simulated': `${s(simulated('lcpMs'))} (≤ 1.5)`,
          'FCP shaped': s(outside('fcpMs')),
          'LCP shaped': s(outside('lcpMs')),
          'TBT shaped': `${Math.round(outside('tbtMs'))} ms`,
        };
      }
    } finally {
      await shaped.close();
      await shop.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  }
  return table;
}

/** The pages' pictures with the slow 4G applied: as the shop serves them, and as it served the originals. */
async function photographsTable(
  base: string,
  pages: string[],
  dataDir: string,
  runs: number,
): Promise<Record<string, Record<string, string>>> {
  const before = await originalsProxy(base, path.join(dataDir, 'media'));
  const medianOf = async (url: string) => (await medianRuns(() => measure(url, { throttling: 'devtools' }), runs)).of;
  const table: Record<string, Record<string, string>> = {};
  try {
    for (const page of pages) {
      const now = await medianOf(base + page);
      const then = await medianOf(before.url + page);
      table[page] = {
        performance: `${now('performance').toFixed(2)} (originals ${then('performance').toFixed(2)}; ≥ 0.95)`,
        LCP: `${(now('lcpMs') / 1000).toFixed(2)} s (originals ${(then('lcpMs') / 1000).toFixed(2)} s; ≤ 2.5)`,
        pictures: `${Math.round(now('pictureKb'))} kB (originals ${Math.round(then('pictureKb'))} kB; ≤ 200)`,
      };
    }
  } finally {
    await before.close();
  }
  return table;
}
