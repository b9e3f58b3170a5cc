// The curve section of `npm run bench` (`--only curve`; the sizes with `--curve-sizes 20000,50000,200000`): how
// the server's costs grow with the catalogue. For each size, on PGlite and (with BENCH_DATABASE_URL or
// TEST_DATABASE_URL) on PostgreSQL: the seed's generated catalogue (the demo seed's shape, `npm run seed`),
// then the compiled server as production runs it (tsx when it is not built) and, each asked so the response
// cache cannot answer (a page, a filter, a query, a product nobody asked before): a listing's page, a filtered
// listing, a search, a product's rendered page; the sitemap and the two marketplace feeds as their first
// request builds them; the time to start on that catalogue, and the memory. Medians of CURVE_ASKS requests
// one after another; nothing passes or fails.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { spawnSync } from 'node:child_process';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startShop, type ShopProcess } from '../scripts/shop-process.ts';
import { median, ms } from './figures.ts';
import { scratchPostgres } from './load/scratch-postgres.ts';

const CURVE_ASKS = 25;
const COMPILED = 'dist/server/main.js';
/** The aims, for 200,000 offers on PostgreSQL. */
const AIMS = { missMs: 20, searchMs: 50, memoryMb: 500 };

type Row = Record<string, string>;

/** Seeds `offers` offers into the database `env` names, by `npm run seed`'s command; its time. */
function seed(offers: number, env: Record<string, string>): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/seed-cli.ts', '--offers', String(offers)], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: 'ignore',
  });
  if (r.status !== 0) throw new Error(`seeding ${offers} offers failed`);
  return performance.now() - t0;
}

/** The time one GET takes, its body read; a failed answer is an error (a figure of an error page is no figure). */
async function timed(url: string): Promise<number> {
  const t0 = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${res.status} for ${url}`);
  return performance.now() - t0;
}

/** The median time of each address asked once. */
async function medianOf(urls: string[]): Promise<number> {
  const times: number[] = [];
  for (const url of urls) times.push(await timed(url));
  return median(times);
}

const json = (v: unknown) => encodeURIComponent(JSON.stringify(v));

/** What the curve asks of a shop, none of it asked before. */
async function asks(shop: ShopProcess): Promise<Row> {
  const base = `${shop.url}/api/v1`;
  const n = Array.from({ length: CURVE_ASKS }, (_, i) => i);
  // Products and words to ask for, read from pages the curve does not time.
  const seen = (await (await fetch(`${base}/offers/?limit=${CURVE_ASKS * 4}&offset=240`)).json()) as {
    results: { full_path_offer: string; name: string }[];
  };
  const products = seen.results.filter((_, i) => i % 4 === 0).map((o) => o.full_path_offer);
  const words = [...new Set(seen.results.flatMap((o) => o.name.toLowerCase().split(/[^а-яёa-z]+/)).filter((w) => w.length >= 4))];
  const sorts = ['popular', 'new', 'price_asc', 'price_desc', 'discount'];
  const sizes = ['XS', 'S', 'M', 'L', 'XL'];
  // Each figure on its own: one that fails (an error answer, a server gone) says so in its cell.
  const figure = async (measure: () => Promise<number>) => {
    try {
      return ms(await measure());
    } catch (err) {
      return `failed: ${String(err).split('\n')[0].slice(0, 80)}`;
    }
  };
  return {
    'listing page': await figure(() => medianOf(n.map((i) => `${base}/offers/?limit=24&offset=${(i + 20) * 24}`))),
    'filtered listing': await figure(() =>
      medianOf(
        n.map((i) => {
          const f = { sizes: [sizes[i % 5]], price_min: 1000 + i * 37, price_max: 30000 - i * 53, sort: sorts[i % 5] };
          return `${base}/offers/?limit=24&offset=0&data=${json(f)}`;
        }),
      ),
    ),
    search: await figure(() =>
      medianOf(n.map((i) => `${base}/search/${encodeURIComponent(words[i % words.length])}/?limit=24&offset=${(i % 3) * 24}`)),
    ),
    'product page': await figure(() => medianOf(products.map((p) => shop.url + p))),
    sitemap: await figure(() => timed(`${shop.url}/sitemap.xml`)),
    'Yandex feed': await figure(() => timed(`${shop.url}/feeds/yandex.yml`)),
    'Google feed': await figure(() => timed(`${shop.url}/feeds/google.xml`)),
  };
}

/** One size on one database: seed, start, ask, stop. */
async function point(offers: number, env: Record<string, string>): Promise<Row> {
  const seedMs = seed(offers, env);
  const main = existsSync(COMPILED) ? path.resolve(COMPILED) : undefined;
  const dist = existsSync('dist/.vite/manifest.json') ? 'dist' : '/nonexistent';
  const t0 = performance.now();
  const shop = await startShop({ DIST_DIR: dist, LOG_LEVEL: 'warn', DATABASE_URL: '', ...env }, undefined, main);
  const startMs = performance.now() - t0;
  const readyMb = shop.peakMemoryMb();
  try {
    const row = await asks(shop);
    return {
      seed: `${(seedMs / 1000).toFixed(0)} s`,
      start: ms(startMs),
      ...row,
      memory: `${readyMb} MB at ready, ${shop.peakMemoryMb()} MB peak`,
    };
  } finally {
    await shop.stop();
  }
}

export async function curveSection(opts: { sizes: number[]; pgUrl?: string }): Promise<void> {
  const how = existsSync(COMPILED) ? 'the compiled server' : 'the server under tsx (no dist/server: `npm run build`)';
  console.log(`\nThe curve: costs as the catalogue grows (${how}; each figure the median of ${CURVE_ASKS} requests nobody asked before)`);
  const rows: Record<string, Row> = {};
  for (const offers of opts.sizes) {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-curve-'));
    try {
      rows[`PGlite, ${offers} offers`] = await point(offers, { DATA_DIR: dir });
    } catch (err) {
      rows[`PGlite, ${offers} offers`] = { failed: String(err).split('\n')[0].slice(0, 160) };
    } finally {
      rmSync(dir, { recursive: true, force: true, maxRetries: 5 });
    }
    if (!opts.pgUrl) continue;
    const db = await scratchPostgres(opts.pgUrl);
    const dataDir = mkdtempSync(path.join(tmpdir(), 'bench-curve-pg-'));
    try {
      rows[`PostgreSQL, ${offers} offers`] = await point(offers, { DATABASE_URL: db.url, DATA_DIR: dataDir });
    } catch (err) {
      rows[`PostgreSQL, ${offers} offers`] = { failed: String(err).split('\n')[0].slice(0, 160) };
    } finally {
      await db.drop();
      rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
    }
  }
  console.table(rows);
  console.log(
    `aims at 200000 offers on PostgreSQL: listing, filter and product ≤ ${AIMS.missMs} ms, search ≤ ${AIMS.searchMs} ms, memory ≤ ${AIMS.memoryMb} MB` +
      (opts.pgUrl ? '' : ' (PostgreSQL not run: set BENCH_DATABASE_URL or TEST_DATABASE_URL)'),
  );
}
