// The exchange section of `npm run bench`: 1C's import of a large catalogue (20 000 products with 100 000
// sizes, about 100 MB of windows-1251 XML) into the shop as `npm run serve` runs it, on PGlite and (with
// BENCH_DATABASE_URL or TEST_DATABASE_URL) on PostgreSQL, through the
// stand-in 1C over HTTP, while four shoppers keep reading listings (pages and sorts the response cache has
// not kept, so many go to the database). Printed beside the aims: the import's time, the server's peak
// memory, the shoppers' latencies during the import; then a marketplace feed's first build over that catalogue,
// and how soon a feed is answered while a price change is being built into it. Nothing passes or fails.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startShop } from '../scripts/shop-process.ts';
import { StandIn1C } from '../scripts/stand-in-1c.ts';
import { writeBigPackage, writePriceChange } from './exchange-package.ts';
import { scratchPostgres } from './load/scratch-postgres.ts';

const LOGIN = 'bench-1c';
const PASSWORD = 'bench-1c-password';
const SHOPPERS = 4;

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;
const pct = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

/** Listing pages a shopper reads: every page and sort of a few scopes, so most are not in the cache yet. */
function listingUrls(): string[] {
  const urls: string[] = [];
  const sorts = ['popular', 'new', 'price_asc', 'price_desc', 'discount'];
  for (const categories of [undefined, ['kupalniki'], ['bele'], ['odezhda']])
    for (const sort of sorts)
      for (let page = 0; page < 20; page++)
        urls.push(`/api/v1/offers/?limit=24&offset=${page * 24}&data=${encodeURIComponent(JSON.stringify({ categories, sort }))}`);
  return urls;
}

/** Shoppers reading listings one after another until stopped: every answer's time. */
export function shoppersReading(base: string) {
  const urls = listingUrls();
  const times: number[] = [];
  let failed = 0;
  let running = true;
  let next = 0;
  const shopper = async () => {
    while (running) {
      const url = urls[next++ % urls.length]!;
      const t0 = performance.now();
      try {
        const res = await fetch(base + url);
        await res.arrayBuffer();
        if (!res.ok) failed++;
      } catch {
        failed++;
      }
      times.push(performance.now() - t0);
    }
  };
  const all = Array.from({ length: SHOPPERS }, shopper);
  return {
    async stop() {
      running = false;
      await Promise.all(all);
      return { times: times.sort((a, b) => a - b), failed };
    },
  };
}

/** The table's row of the shoppers' listing latencies during an import (their times sorted). */
export const listingRow = (times: number[], failed: number) => ({
  figure: `listing during the import: ${times.length} answers, ${failed} failed`,
  measured: `p50 ${Math.round(pct(times, 50))} ms, p99 ${Math.round(pct(times, 99))} ms, worst ${Math.round(times.at(-1) ?? 0)} ms`,
  aim: 'p99 ≤ 100 ms',
});

/**
 * The shop as `npm run serve` runs it with 1C's exchange on, and the stand-in 1C signed up to it; its memory
 * at the start, and its peak counted from there (the exchange's alone, not the start's).
 */
export async function exchangingShop(env: Record<string, string>, logLevel: 'warn' | 'info') {
  const shop = await startShop({
    ...env,
    EXCHANGE_LOGIN: LOGIN,
    EXCHANGE_PASSWORD: PASSWORD,
    EXCHANGE_PRICE_TYPE: 'Розничная',
    LOG_LEVEL: logLevel,
  });
  const startedMb = shop.peakMemoryMb();
  shop.resetPeakMemory();
  return { shop, oneC: new StandIn1C(shop.url, LOGIN, PASSWORD), startedMb };
}

/** `npm run seed` into the database: the demo catalogue, so the server starts on a shop that has goods. */
function seedDemo(env: Record<string, string>): void {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/seed-cli.ts'], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: 'ignore',
  });
  if (r.status !== 0) throw new Error('seeding the demo catalogue failed');
}

async function upload(oneC: StandIn1C, name: string, file: string): Promise<void> {
  const answer = await oneC.upload('catalog', name, readFileSync(file));
  if (!answer.text.startsWith('success')) throw new Error(`upload of ${name}: ${answer.text}`);
}

export interface Engine {
  name: string;
  /** The server's settings: a data folder of its own (PGlite's files, the media) and its database, seeded with the demo catalogue. */
  env: Record<string, string>;
  drop(): Promise<void>;
}

/** The shop's databases an exchange bench runs on, one after the other: PGlite, and PostgreSQL when a server's URL is given. */
export function benchEngines(pgUrl: string | undefined): (() => Promise<Engine>)[] {
  return [() => seededEngine('PGlite'), ...(pgUrl ? [() => seededEngine('PostgreSQL', pgUrl)] : [])];
}

async function seededEngine(name: string, pgUrl?: string): Promise<Engine> {
  const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-exchange-data-'));
  const db = pgUrl ? await scratchPostgres(pgUrl) : null;
  const env = { DATA_DIR: dataDir, DATABASE_URL: db?.url ?? '' };
  seedDemo(env);
  return {
    name,
    env,
    drop: async () => {
      await db?.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

async function exchangeOn(
  engine: Engine,
  pkg: { importXml: string; offersXml: string; priceChange: string },
  title: string,
): Promise<void> {
  const { shop, oneC, startedMb } = await exchangingShop(engine.env, 'warn');
  try {
    await oneC.checkauth('catalog');
    await oneC.init('catalog');
    const u0 = performance.now();
    await upload(oneC, 'import.xml', pkg.importXml);
    await upload(oneC, 'offers.xml', pkg.offersXml);
    const uploadMs = performance.now() - u0;

    const readers = shoppersReading(shop.url);
    const i0 = performance.now();
    const catalogue = await oneC.import('import.xml', 10_000);
    const c1 = performance.now();
    const offers = await oneC.import('offers.xml', 10_000);
    const importMs = performance.now() - i0;
    const { times, failed } = await readers.stop();
    const peakMb = shop.peakMemoryMb();

    // The same package again: what a nightly full exchange costs when little changed.
    const again = new StandIn1C(shop.url, LOGIN, PASSWORD);
    await again.checkauth('catalog');
    await again.init('catalog');
    await upload(again, 'import.xml', pkg.importXml);
    await upload(again, 'offers.xml', pkg.offersXml);
    const r0 = performance.now();
    const againResults = [await again.import('import.xml', 10_000), await again.import('offers.xml', 10_000)];
    const againMs = performance.now() - r0;

    // A marketplace's feed over this catalogue: its first build, which the first request waits for; then 1C
    // changes a price, the feed is built again, and a marketplace asking meanwhile gets the previous file at
    // once (the time to its answer's headers; the body is a file of tens of megabytes).
    const f0 = performance.now();
    const first = await fetch(`${shop.url}/feeds/yandex.yml`);
    await first.arrayBuffer();
    const firstFeedMs = performance.now() - f0;
    const change = new StandIn1C(shop.url, LOGIN, PASSWORD);
    await change.checkauth('catalog');
    await change.init('catalog');
    await upload(change, 'offers.xml', pkg.priceChange);
    const changed = await change.import('offers.xml', 10_000);
    const meanwhile: number[] = [];
    for (let i = 0; i < 10; i++) {
      const t0 = performance.now();
      const res = await fetch(`${shop.url}/feeds/yandex.yml`);
      meanwhile.push(performance.now() - t0);
      await res.body?.cancel();
    }
    meanwhile.sort((a, b) => a - b);

    const results = [catalogue, offers, ...againResults, changed].map((r) =>
      r.result === 'success' ? 'success' : `${r.result}: ${r.reason}`,
    );
    console.log(`\n${title} on ${engine.name}. Results: ${results.join(', ')}`);
    console.table([
      { figure: 'upload (two files, in file_limit pieces)', measured: seconds(uploadMs), aim: '' },
      {
        figure: 'import: import.xml then offers.xml, from the first call to the last success',
        measured: `${seconds(importMs)} (import.xml ${seconds(c1 - i0)})`,
        aim: '≤ 60 s',
      },
      {
        figure: "the server's peak memory during the exchange (VmHWM)",
        measured: `${peakMb} MB (${startedMb} MB at its start)`,
        aim: '≤ 400 MB',
      },
      listingRow(times, failed),
      { figure: 'the same package again (nothing changed): import', measured: seconds(againMs), aim: '' },
      { figure: "the Yandex feed's first build (its first request waits for it)", measured: seconds(firstFeedMs), aim: '' },
      {
        figure: 'the feed asked while its next build runs (a price changed): to the headers, 10 requests',
        measured: `median ${Math.round(pct(meanwhile, 50))} ms, worst ${Math.round(meanwhile.at(-1) ?? 0)} ms`,
        aim: '≤ 100 ms',
      },
    ]);
  } finally {
    await shop.stop();
  }
}

export async function exchangeSection(opts: { products: number; sizesEach: number; pgUrl?: string }): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'bench-exchange-'));
  try {
    const t0 = performance.now();
    const pkg = {
      ...(await writeBigPackage(work, opts.products, opts.sizesEach)),
      priceChange: await writePriceChange(work, opts.sizesEach),
    };
    const mb = (statSync(pkg.importXml).size + statSync(pkg.offersXml).size) / 1024 / 1024;
    const title =
      `1C exchange: ${opts.products} products with ${opts.products * opts.sizesEach} sizes, ${Math.round(mb)} MB of windows-1251 XML ` +
      `(written in ${seconds(performance.now() - t0)}), into the shop (npm run serve, the demo catalogue seeded) through the stand-in 1C, ` +
      `${SHOPPERS} shoppers reading listings meanwhile`;
    for (const make of benchEngines(opts.pgUrl)) {
      const engine = await make();
      try {
        await exchangeOn(engine, pkg, title);
      } finally {
        await engine.drop();
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
