// The load section of `npm run bench`: the shop as `npm run serve` runs it, on loopback, under autocannon
// (50 connections, 10 s a run), side by side with nginx serving the very same bytes; a listing read while
// four shoppers write baskets and orders, on PGlite and on PostgreSQL; a cache miss on a large catalogue;
// and the CPU a static asset costs. Every figure is printed beside its aim; nothing passes or fails.
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { spawnSync } from 'node:child_process';
import { load, type LoadFigures } from './load/cannon.ts';
import { startNginx } from './load/nginx.ts';
import { startShop, type ShopProcess } from '../scripts/shop-process.ts';
import { startShoppers } from './load/shoppers.ts';
import { scratchPostgres } from './load/scratch-postgres.ts';
import { categoryPathOf, matchRoute } from '../common/routes.ts';

const json = (v: object) => encodeURIComponent(JSON.stringify(v));
const LISTING = '/api/v1/offers/?limit=24&offset=0';
const FILTERED = `/api/v1/offers/?limit=24&offset=0&data=${json({ sizes: ['M'], price_min: 1500, price_max: 20000, sort: 'price_asc' })}`;
const CATEGORY = '/api/v1/category/kupalniki';

interface Row {
  figure: string;
  measured: string;
  aim: string;
  [more: string]: string;
}

const ms = (n: number) => `${Math.round(n * 10) / 10} ms`;
const tmp = (prefix: string) => mkdtempSync(path.join(tmpdir(), prefix));

/** Seeds a catalogue of `offers` with `npm run seed`, into a PGlite folder or a PostgreSQL database. */
function seed(offers: number, env: Record<string, string>): void {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'server/seed-cli.ts', '--offers', String(offers)], {
    env: { ...process.env, DATABASE_URL: '', ...env },
    stdio: 'ignore',
  });
  if (r.status !== 0) throw new Error(`seeding ${offers} offers failed`);
}

/** A PGlite data folder: empty (the first start seeds it) or seeded with a large catalogue. */
function seededDataDir(offers: number | null): string {
  const dir = tmp('bench-data-');
  if (offers !== null) seed(offers, { DATA_DIR: dir });
  return dir;
}

/** A copy of a seeded folder: each run starts from the same data. */
function copyOf(dir: string): string {
  const copy = tmp('bench-run-');
  cpSync(dir, copy, { recursive: true });
  return copy;
}

/** The response cache's counts the server logged when it stopped, if it has a response cache. */
function cacheCounts(lines: string[]): { hits: number; misses: number } | null {
  for (const line of lines.reverse()) {
    try {
      const entry = JSON.parse(line) as { msg?: string; hits?: number; misses?: number };
      if (entry.msg === 'response cache' && typeof entry.hits === 'number') return { hits: entry.hits, misses: entry.misses ?? 0 };
    } catch {
      // not a log line of ours
    }
  }
  return null;
}

async function productUrl(base: string): Promise<string> {
  const page = (await (await fetch(base + LISTING)).json()) as { results: { id: number; full_path_offer: string }[] };
  const o = page.results[0];
  return `/api/v1/product_offer/?categoryPath=${encodeURIComponent(categoryPathOf(matchRoute(o.full_path_offer)!, o.full_path_offer))}&pk=${o.id}`;
}

/** Reads cached answers side by side with nginx serving their bytes. */
async function readsBesideNginx(shop: ShopProcess): Promise<Row[]> {
  const urls: [string, string, number][] = [
    ['cached listing (offers, page 1)', LISTING, 0.5],
    ['product page (product_offer)', await productUrl(shop.url), 0.4],
    ['category head (category/kupalniki)', CATEGORY, 0.4],
    ['filtered listing (size, price, sort)', FILTERED, 0.4],
  ];
  const files: Record<string, Buffer> = {};
  for (const [i, [, url]] of urls.entries()) {
    const res = await fetch(shop.url + url);
    files[`/answer-${i}.json`] = Buffer.from(await res.arrayBuffer());
  }
  const nginx = await startNginx(files);
  const rows: Row[] = [];
  try {
    for (const [i, [name, url, aim]] of urls.entries()) {
      await load(shop.url + url, { seconds: 2 }); // warm-up: the first miss, JIT
      const ours = await load(shop.url + url);
      const theirs: LoadFigures | null = nginx ? await load(`${nginx.url}/answer-${i}.json`) : null;
      rows.push({
        figure: name,
        measured: `${ours.perSecond}/s, p99 ${ms(ours.p99Ms)}${ours.failed ? `, ${ours.failed} failed` : ''}`,
        aim: i === 0 ? `≥ ${aim}x nginx, p99 ≤ 50 ms` : `≥ ${aim}x nginx`,
        nginx: theirs ? `${theirs.perSecond}/s, p99 ${ms(theirs.p99Ms)}` : 'not installed (apt-get install -y nginx-light)',
        'x nginx': theirs ? (ours.perSecond / theirs.perSecond).toFixed(3) : '—',
      });
    }
  } finally {
    await nginx?.stop();
  }
  return rows;
}

/** CPU the server spends per request for the app's largest script (React), fetched as a browser would (br, gzip). */
async function staticCpu(shop: ShopProcess, distDir: string): Promise<Row> {
  const scripts = readdirSync(path.join(distDir, 'assets')).filter((f) => f.endsWith('.js'));
  const size = (f: string) => statSync(path.join(distDir, 'assets', f)).size;
  const largest = scripts.reduce((a, b) => (size(b) > size(a) ? b : a));
  const file = `assets/${largest}`;
  const url = `${shop.url}/${file}`;
  const headers = { 'accept-encoding': 'br, gzip' };
  await load(url, { seconds: 2, headers });
  const before = shop.cpuSeconds();
  const run = await load(url, { headers });
  const perRequest = ((shop.cpuSeconds() - before) * 1000) / run.requests;
  return {
    figure: `the largest script (${file}, br)`,
    measured: `${ms(perRequest)} CPU a request (${run.perSecond}/s)`,
    aim: '≤ 0.2 ms CPU a request',
  };
}

/** The two most frequent refusals the shoppers met: "409 Товара нет в наличии ×120". */
const topReasons = (reasons: Record<string, number>) =>
  Object.entries(reasons)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 2)
    .map(([why, n]) => `${why} ×${n}`)
    .join('; ') || 'none';

/** The listing's aim while the shoppers write: PGlite's writes run in its worker thread, not the listing's. */
const MIXED_AIM = '≥ 15,000/s, p99 ≤ 20 ms';

/** The listing under load while four shoppers change baskets and place orders. */
async function mixed(name: string, shop: ShopProcess): Promise<Row> {
  await load(shop.url + LISTING, { seconds: 2 });
  const shoppers = await startShoppers(shop.url, 4);
  const reads = await load(shop.url + LISTING);
  const writes = await shoppers.stop();
  const counts = cacheCounts(await shop.stop());
  const total = counts ? counts.hits + counts.misses : 0;
  return {
    figure: `mixed on ${name}: listing while 4 shoppers write`,
    measured: `${reads.perSecond}/s, p99 ${ms(reads.p99Ms)}${reads.failed ? `, ${reads.failed} failed` : ''}`,
    aim: MIXED_AIM,
    writes: `${writes.basketChanges} basket changes, ${writes.orders} orders; refused: ${topReasons(writes.reasons)}`,
    'cache hit rate': counts && total ? `${((counts.hits / total) * 100).toFixed(1)}% of ${total}` : 'no response cache',
  };
}

/** Seconds the writes-alone rows write for. */
const WRITE_SECONDS = 10;

/**
 * Four shoppers writing and nothing else, on PGlite on disk, each commit synced to the host's disk (the
 * default) or not (PGLITE_SYNC=off, what the embedded database did before): what durability costs in writes
 * a second. Aim: the synced at least 80 % of the unsynced.
 */
async function writesAlone(template: string, dirs: string[]): Promise<Row[]> {
  const rate = async (sync: 'on' | 'off') => {
    const dir = copyOf(template);
    dirs.push(dir);
    const shop = await startShop({ DATA_DIR: dir, DIST_DIR: '/nonexistent', DATABASE_URL: '', PGLITE_SYNC: sync });
    try {
      const shoppers = await startShoppers(shop.url, 4);
      await new Promise((r) => setTimeout(r, WRITE_SECONDS * 1000));
      const w = await shoppers.stop();
      return { changes: w.basketChanges / WRITE_SECONDS, orders: w.orders / WRITE_SECONDS };
    } finally {
      await shop.stop();
    }
  };
  const unsynced = await rate('off');
  const synced = await rate('on');
  const share = unsynced.changes ? synced.changes / unsynced.changes : 0;
  const figure = (r: { changes: number; orders: number }) => `${r.changes.toFixed(0)} basket changes/s, ${r.orders.toFixed(1)} orders/s`;
  return [
    {
      figure: 'writes on PGlite, each commit synced to disk (PGLITE_SYNC=on)',
      measured: figure(synced),
      aim: '≥ 80 % of unsynced',
      note: `${(share * 100).toFixed(0)} % of unsynced`,
    },
    { figure: 'writes on PGlite, unsynced (PGLITE_SYNC=off, as before)', measured: figure(unsynced), aim: '—' },
  ];
}

/** Filters nobody asked before, one after another, on a catalogue of `offers`: each is a cache miss. */
async function misses(engine: string, env: Record<string, string>, offers: number): Promise<Row> {
  const shop = await startShop({ DIST_DIR: '/nonexistent', DATABASE_URL: '', ...env });
  const times: number[] = [];
  const sorts = ['popular', 'new', 'price_asc', 'price_desc', 'discount'];
  const sizes = ['XS', 'S', 'M', 'L', 'XL'];
  try {
    for (let i = 0; i < 60; i++) {
      const filter = { sizes: [sizes[i % 5]], price_min: 1000 + i * 37, price_max: 30000 - i * 53, sort: sorts[i % 5] };
      const s = performance.now();
      const res = await fetch(`${shop.url}/api/v1/offers/?limit=24&offset=0&data=${json(filter)}`);
      await res.arrayBuffer();
      if (i >= 5) times.push(performance.now() - s); // the first few warm the process up
    }
  } finally {
    await shop.stop();
  }
  times.sort((a, b) => a - b);
  return {
    figure: `cache miss on ${engine}: a new filter over ${offers} offers`,
    measured: `median ${ms(times[times.length >> 1])}`,
    aim: 'median ≤ 10 ms',
  };
}

export async function loadSection(opts: { distDir: string; bigOffers: number; pgUrl?: string }): Promise<void> {
  const dist = existsSync(path.join(opts.distDir, '.vite', 'manifest.json')) ? opts.distDir : null;
  console.log(
    `\nLoad on loopback: autocannon, 50 connections, 10 s a run; the shop on PGlite (seed of 420 offers)${dist ? '' : ' (no dist/: run `npm run build` for the static row)'}`,
  );
  const template = seededDataDir(null);
  const rows: Row[] = [];
  const dirs: string[] = [template];
  try {
    // The first start seeds the template folder.
    await (await startShop({ DATA_DIR: template, DIST_DIR: dist ?? '/nonexistent', DATABASE_URL: '' })).stop();

    const readsDir = copyOf(template);
    dirs.push(readsDir);
    const shop = await startShop({ DATA_DIR: readsDir, DIST_DIR: dist ?? '/nonexistent', DATABASE_URL: '' });
    try {
      rows.push(...(await readsBesideNginx(shop)));
      if (dist) rows.push(await staticCpu(shop, dist));
    } finally {
      await shop.stop();
    }

    rows.push(...(await writesAlone(template, dirs)));

    const mixedDir = copyOf(template);
    dirs.push(mixedDir);
    rows.push(await mixed('PGlite', await startShop({ DATA_DIR: mixedDir, DIST_DIR: '/nonexistent', DATABASE_URL: '' })));
    if (opts.pgUrl) {
      const db = await scratchPostgres(opts.pgUrl);
      try {
        rows.push(await mixed('PostgreSQL', await startShop({ DATABASE_URL: db.url, DIST_DIR: '/nonexistent' })));
      } finally {
        await db.drop();
      }
    } else {
      rows.push({
        figure: 'mixed on PostgreSQL',
        measured: 'not run',
        aim: MIXED_AIM,
        note: 'set BENCH_DATABASE_URL (or TEST_DATABASE_URL)',
      });
    }

    const big = seededDataDir(opts.bigOffers);
    dirs.push(big);
    rows.push(await misses('PGlite', { DATA_DIR: big }, opts.bigOffers));
    if (opts.pgUrl) {
      const db = await scratchPostgres(opts.pgUrl);
      try {
        seed(opts.bigOffers, { DATABASE_URL: db.url });
        rows.push(await misses('PostgreSQL', { DATABASE_URL: db.url }, opts.bigOffers));
      } finally {
        await db.drop();
      }
    }
  } finally {
    for (const d of dirs) rmSync(d, { recursive: true, force: true });
  }
  console.table(Object.fromEntries(rows.map(({ figure, ...rest }) => [figure, rest])));
}
