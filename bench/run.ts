// `npm run bench [-- --offers 20000 --rounds 200]`: prints the shop's figures as tables. Measurements
// only: nothing here passes or fails.
import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { openDatabase } from '../server/db/open.ts';
import { apiFigures } from './api.ts';
import { bundleFigures } from './bundle.ts';
import { priceFigures, searchFigures } from './search.ts';

const { values } = parseArgs({
  options: { offers: { type: 'string', default: '20000' }, rounds: { type: 'string', default: '200' } },
});
const offers = Number(values.offers);
const rounds = Number(values.rounds);

console.log(`\nBundle (gzip, dist/)`);
if (existsSync('dist/.vite/manifest.json')) {
  const b = bundleFigures('dist');
  console.table({
    'initial JS of the home page': `${b.initialJsKb} kB`,
    'entry chunk': `${b.entryKb} kB`,
    'home page chunk': `${b.homeChunkKb} kB`,
    [`largest route chunk (${b.largestRoute.name})`]: `${b.largestRoute.kb} kB`,
    'service worker': `${b.swKb} kB`,
    CSS: `${b.cssKb} kB`,
  });
} else {
  console.log('no dist/.vite/manifest.json: run `npm run build` first');
}

const t0 = performance.now();
const db = await openDatabase({}, { offers });
const seedSeconds = Math.round((performance.now() - t0) / 100) / 10;
const names = await db.query<{ name: string; brand: string }>(
  'select p.name, b.name as brand from products p join brands b on b.id = p.brand_id',
);

console.log(`\nAPI on loopback, in-memory PGlite with ${offers} offers (seeded in ${seedSeconds} s), ${rounds} sequential requests each`);
const rows = await apiFigures(db, rounds);
console.table(
  Object.fromEntries(rows.map((r) => [r.name, { 'median ms': r.medianMs, 'p95 ms': r.p95Ms, 'req/s (4 in flight)': r.perSecond }])),
);

console.log(`\nSearch worker code over ${names.length} offer names`);
console.table(
  Object.fromEntries(
    searchFigures(names, ['купальник', 'regfkmybr', 'kupalnik', 'бикини мальд', 'luli']).map((r) => [
      r.query,
      { 'median ms': r.medianMs, hits: r.hits },
    ]),
  ),
);
console.log(`formatting 10 000 prices: ${priceFigures(10_000)} ms`);
