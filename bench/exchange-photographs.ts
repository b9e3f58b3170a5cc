// The photographs section of `npm run bench` (`--only photographs`): 1C sends a package of 200 goods, each
// with a photograph of its own at a camera's size (2400 × 3200, about 1.2 MB: the demo's drawing, each from
// another seed), and a decompression bomb as one product's second picture, zipped as 1C zips them, into the
// shop as `npm run serve` runs it (the demo catalogue seeded; on PGlite, and on PostgreSQL too when
// BENCH_DATABASE_URL or TEST_DATABASE_URL names a server: there the pictures' share of the memory shows
// apart from the embedded database's), while four shoppers read listings.
// Printed: the import's own counts as the staff's log shows them (pictures made, the seconds spent making
// them, the process's memory peak), the server's peak resident memory measured from outside, the bomb's
// problem line, and the shoppers' latencies meanwhile. Nothing passes or fails.
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { decompressionBomb, photograph } from '../scripts/picture-files.ts';
import { writeBigPackage } from './exchange-package.ts';
import { benchEngines, exchangingShop, listingRow, shoppersReading, type Engine } from './exchange.ts';

const BOMB = 'import_files/photo/bomb.png';
const photoOf = (n: number) => `import_files/photo/p${n}.jpg`;

const seconds = (ms: number) => `${Math.round(ms / 100) / 10} s`;

/** The counts of the import's "package imported" log line (pino's JSON), for the file. */
function loggedCounts(log: string[], file: string): Record<string, number> {
  for (const line of log) {
    if (!line.includes('exchange: package imported')) continue;
    try {
      const entry = JSON.parse(line) as { file?: string; counts?: Record<string, number> };
      if (entry.file === file && entry.counts) return entry.counts;
    } catch {
      // not a JSON line
    }
  }
  return {};
}

interface Photographs {
  files: Record<string, Buffer>;
  importXml: Buffer;
  offersXml: Buffer;
  title: string;
}

async function photographsOn(engine: Engine, pkg: Photographs): Promise<void> {
  // The import's counts are read from its log line (info).
  const { shop, oneC, startedMb } = await exchangingShop(engine.env, 'info');
  try {
    const readers = shoppersReading(shop.url);
    const i0 = performance.now();
    const [catalogue, offers] = await oneC.exchangeCatalogue(
      [
        { name: 'import.xml', bytes: pkg.importXml },
        { name: 'offers.xml', bytes: pkg.offersXml },
      ],
      { pictures: pkg.files, importCalls: 10_000 },
    );
    const exchangeMs = performance.now() - i0;
    const { times, failed } = await readers.stop();
    const peakMb = shop.peakMemoryMb();
    const counts = loggedCounts(shop.log(), 'import.xml');
    const bombLine = catalogue!.reason.split('\n').find((line) => line.includes(BOMB)) ?? '(no line about the bomb)';

    console.log(`\n${pkg.title} on ${engine.name}. Results: import.xml ${catalogue!.result}, offers.xml ${offers!.result}`);
    console.log(`The bomb: ${bombLine}`);
    console.table([
      {
        figure: 'the whole exchange (upload, unpack, import.xml with its pictures, offers.xml)',
        measured: seconds(exchangeMs),
        aim: '',
      },
      {
        figure: "pictures made (each: 7 widths × AVIF, WebP, JPEG), by the import's count",
        measured: `${counts.picturesMade ?? 0} in ${counts.picturesSeconds ?? '?'} s (${
          counts.picturesMade ? Math.round(((counts.picturesSeconds ?? 0) / counts.picturesMade) * 100) / 100 : '?'
        } s each)`,
        aim: '',
      },
      {
        figure: "the picture process's memory peak, by the import's count (its VmHWM)",
        measured: `${counts.picturesPeakMb ?? '?'} MB`,
        aim: '≤ 400 MB',
      },
      {
        figure: "the server's peak resident memory during the exchange, from outside (VmHWM)",
        measured: `${peakMb} MB (${startedMb} MB at its start)`,
        aim: '≤ 400 MB',
      },
      listingRow(times, failed),
    ]);
  } finally {
    await shop.stop();
  }
}

export async function photographsSection(opts: { photographs: number; pgUrl?: string }): Promise<void> {
  const work = mkdtempSync(path.join(tmpdir(), 'bench-photographs-'));
  try {
    const t0 = performance.now();
    const files: Record<string, Buffer> = { [BOMB]: decompressionBomb() };
    for (let n = 0; n < opts.photographs; n++) files[photoOf(n)] = await photograph(1000 + n);
    const drawnMs = performance.now() - t0;
    const mb = Object.values(files).reduce((sum, b) => sum + b.length, 0) / 1024 / 1024;
    const written = await writeBigPackage(work, opts.photographs, 1, (n) => (n === 0 ? [photoOf(n), BOMB] : [photoOf(n)]));
    const pkg: Photographs = {
      files,
      importXml: readFileSync(written.importXml),
      offersXml: readFileSync(written.offersXml),
      title:
        `Photographs from 1C: ${opts.photographs} goods, each with its own 2400 × 3200 JPEG (${Math.round(mb)} MB in all, ` +
        `drawn in ${seconds(drawnMs)}) and a 30 000 × 30 000 PNG bomb, zipped, into the shop (npm run serve, the demo ` +
        `seeded) through the stand-in 1C, 4 shoppers reading listings meanwhile`,
    };
    for (const make of benchEngines(opts.pgUrl)) {
      const engine = await make();
      try {
        await photographsOn(engine, pkg);
      } finally {
        await engine.drop();
      }
    }
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
