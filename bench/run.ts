// `npm run bench [-- --offers 20000 --rounds 200 --only load --exchange-products 20000 --photographs 200 --curve-sizes 20000,50000]`: prints the shop's figures as tables, each
// beside its aim where it has one. Measurements only: nothing here passes or fails. The load section runs
// the mixed load on PostgreSQL too when BENCH_DATABASE_URL (or TEST_DATABASE_URL) names a server.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/open.ts';
import { apiFigures } from './api.ts';
import { lighthouseSection, paintsSection } from './lighthouse.ts';
import { loadSection } from './load.ts';
import { offlineSection } from './offline-visit.ts';
import { bundleFigures } from './bundle.ts';
import { offlineSearchFigures } from './search.ts';
import { exchangeSection } from './exchange.ts';
import { photographsSection } from './exchange-photographs.ts';
import { startSection } from './start.ts';
import { interactionsSection } from './interactions.ts';
import { firstTapSection } from './first-tap.ts';
import { navigationSection } from './navigation.ts';
import { curveSection } from './curve.ts';

const { values } = parseArgs({
  options: {
    offers: { type: 'string', default: '20000' },
    rounds: { type: 'string', default: '200' },
    /** One section only: bundle, lighthouse, paints, offline, inp, first-tap, nav, load, api, search, exchange, photographs, start or curve. */
    only: { type: 'string' },
    /** The curve section's catalogue sizes, in offers. */
    'curve-sizes': { type: 'string', default: '20000,50000,200000' },
    /** The exchange section's catalogue: products, each with 5 sizes. */
    'exchange-products': { type: 'string', default: '20000' },
    /** The photographs section's package: goods, each with a photograph of its own. */
    photographs: { type: 'string', default: '200' },
    /** The first-tap section: another build (the code before a change) measured beside dist/. */
    'first-tap-dist': { type: 'string' },
    /** The paints section: another checkout (a worktree of an earlier commit, built) measured beside this one. */
    'paints-before': { type: 'string' },
  },
});
const offers = Number(values.offers);
const rounds = Number(values.rounds);
const wanted = (section: string) => !values.only || values.only === section;

if (wanted('bundle')) {
  console.log(`\nBundle (kB = 1000 bytes, dist/: as the server sends it, brotli, and gzip -9)`);
  if (existsSync('dist/.vite/manifest.json')) {
    const b = bundleFigures('dist');
    console.table(
      Object.fromEntries(
        Object.entries(b.initialJs).map(([page, { kb, sentKb, files }]) => [
          `initial JS of ${page}`,
          { 'as sent (brotli)': `${sentKb} kB`, 'gzip -9': `${kb} kB`, files, aim: '≤ 90 kB' },
        ]),
      ),
    );
    console.table({
      'the app before any page (boot, React, the frame)': `${b.appKb} kB`,
      [`largest page chunk (${b.largestRoute.name})`]: `${b.largestRoute.kb} kB`,
      'service worker': `${b.swKb} kB`,
      'CSS (inlined into every page)': `${b.cssKb} kB`,
    });
  } else {
    console.log('no dist/.vite/manifest.json: run `npm run build` first');
  }
}

if (wanted('lighthouse')) {
  if (existsSync('dist/.vite/manifest.json')) await lighthouseSection({ distDir: 'dist' });
  else console.log('\nLighthouse: no dist/: run `npm run build` first');
}

if (wanted('paints')) {
  if (existsSync('dist/.vite/manifest.json')) await paintsSection({ beforeCheckout: values['paints-before'] });
  else console.log('\nPaints: no dist/: run `npm run build` first');
}

if (wanted('offline')) {
  if (existsSync('dist/.vite/manifest.json')) await offlineSection({ distDir: 'dist' });
  else console.log('\nOffline repeat visit: no dist/: run `npm run build` first');
}

if (wanted('inp')) {
  if (existsSync('dist/.vite/manifest.json')) await interactionsSection({ distDir: 'dist' });
  else console.log('\nInteractions: no dist/: run `npm run build` first');
}

if (wanted('first-tap')) {
  if (existsSync('dist/.vite/manifest.json')) await firstTapSection({ distDir: 'dist', beforeDir: values['first-tap-dist'] });
  else console.log('\nFirst tap: no dist/: run `npm run build` first');
}

if (wanted('nav')) {
  if (existsSync('dist/.vite/manifest.json')) await navigationSection({ distDir: 'dist' });
  else console.log('\nMoves inside the app: no dist/: run `npm run build` first');
}

if (wanted('load')) {
  await loadSection({
    distDir: 'dist',
    bigOffers: offers,
    pgUrl: process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined,
  });
}

if (wanted('exchange')) {
  await exchangeSection({
    products: Number(values['exchange-products']),
    sizesEach: 5,
    pgUrl: process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined,
  });
}

if (wanted('photographs')) {
  await photographsSection({
    photographs: Number(values.photographs),
    pgUrl: process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined,
  });
}

if (wanted('start')) {
  await startSection({ offers, pgUrl: process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined });
}

if (wanted('curve')) {
  await curveSection({
    sizes: values['curve-sizes'].split(',').map(Number),
    pgUrl: process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || undefined,
  });
}

if (wanted('api') || wanted('search')) {
  const t0 = performance.now();
  const db = await openDatabase({}, { offers });
  const seedSeconds = Math.round((performance.now() - t0) / 100) / 10;
  const names = await db.query<{ name: string; brand: string }>(
    'select p.name, b.name as brand from products p join brands b on b.id = p.brand_id',
  );

  if (wanted('api')) {
    console.log(
      `\nAPI on loopback, in-memory PGlite with ${offers} offers (seeded in ${seedSeconds} s), ${rounds} sequential requests each (after the first, answered from the response cache)`,
    );
    const rows = await apiFigures(db, rounds);
    console.table(
      Object.fromEntries(rows.map((r) => [r.name, { 'median ms': r.medianMs, 'p95 ms': r.p95Ms, 'req/s (4 in flight)': r.perSecond }])),
    );
  }

  if (wanted('search')) {
    // What a shopper types, a letter at a time: each keystroke is one search of the worker's index.
    const typed = ['купальник слитный', 'regfkmybr', 'kupalnik', 'бикини мальд', 'пляжные платья', 'luli fama'];
    const figures = offlineSearchFigures(names, typed);
    console.log(`\nOffline search (the worker's index, in Node) over ${figures.offers} seen offers: built in ${figures.buildMs} ms`);
    console.table(
      Object.fromEntries(
        figures.rows.map((r) => [
          `"${r.query}" typed (${r.keystrokes} keystrokes)`,
          { 'median ms a keystroke': r.medianMs, 'worst ms': r.worstMs, aim: '≤ 5 ms', hits: r.hits },
        ]),
      ),
    );
  }
}
