// The demo's photographs: the seed's goods show raster photographs at a camera's size, as a real shop's do, so
// `npm start`, the tests and the bench measure what an owner's catalogue costs. Made by code (a garment's
// silhouette in a colour, lit from one side, on a studio backdrop, with a sensor's grain: a 2400 × 3200 JPEG
// of about a megabyte), deterministic, through the same picture pipeline as 1C's. Making them takes a minute
// or two, so they are made once per machine into a cache (SEED_PHOTOS_CACHE, else the system's temporary
// folder) and copied into each shop's media folder from there.
import { existsSync } from 'node:fs';
import { copyFile, cp, mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { pictureOf } from '../../common/pictures.ts';
import { Rng } from '../db/public.ts';
import { picturesRoot, takePicture } from './make-picture.ts';

/** How many photographs the demo has: the seed's goods share them. */
export const SEED_PHOTO_COUNT = 16;
/** Bumped when the drawing changes: the cache of another version is not used. */
const DRAWING_VERSION = 1;

const COLOURS = ['#c8385a', '#1f5f8b', '#2f7d4f', '#d98c2b', '#6b3fa0', '#222831', '#e6b8a2', '#0f8b8d'];
/** Two cuts of garment: a one-piece swimsuit, and a dress. */
const SILHOUETTES = [
  'M78 40 q12 40 42 44 q30 -4 42 -44 l14 6 q-10 60 -4 110 q6 50 22 90 q-40 30 -74 30 q-34 0 -74 -30 q16 -40 22 -90 q6 -50 -4 -110 z',
  'M92 30 q28 22 56 0 l18 10 q-8 40 -2 70 q30 90 40 170 q-70 20 -168 0 q10 -80 40 -170 q6 -30 -2 -70 z',
];

/** A studio photograph of a garment, `width` × `height`, as a JPEG of a camera's quality. */
export async function photograph(seed: number, width = 2400, height = 3200): Promise<Buffer> {
  const rng = new Rng(seed);
  const random = () => rng.next();
  const colour = COLOURS[seed % COLOURS.length]!;
  const cut = SILHOUETTES[Math.floor(seed / COLOURS.length) % SILHOUETTES.length]!;
  const tilt = Math.round((random() - 0.5) * 8);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 240 320">
    <defs>
      <radialGradient id="light" cx="${30 + random() * 40}%" cy="30%" r="80%">
        <stop offset="0" stop-color="#f4f1ec"/><stop offset="1" stop-color="#bdb6ad"/>
      </radialGradient>
      <linearGradient id="cloth" x1="0" x2="1"><stop offset="0" stop-color="${colour}"/><stop offset="0.55" stop-color="${colour}" stop-opacity="0.82"/><stop offset="1" stop-color="#000" stop-opacity="0.9"/></linearGradient>
    </defs>
    <rect width="240" height="320" fill="url(#light)"/>
    <g transform="rotate(${tilt} 120 160)">
      <path d="${cut}" fill="url(#cloth)"/>
      <path d="M90 150 q30 14 60 0" stroke="#fff" stroke-opacity="0.25" stroke-width="3" fill="none"/>
    </g>
  </svg>`;
  // The sensor's grain, at half the resolution and scaled up, as a camera's noise reduction leaves it.
  const grain = Buffer.alloc((width >> 1) * (height >> 1));
  for (let i = 0; i < grain.length; i++) grain[i] = 112 + Math.floor(random() * 32);
  const texture = await sharp(grain, { raw: { width: width >> 1, height: height >> 1, channels: 1 } })
    .resize(width, height)
    .png({ compressionLevel: 1 })
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: texture, blend: 'overlay' }])
    .jpeg({ quality: 90 })
    .toBuffer();
}

const cacheRoot = () => process.env.SEED_PHOTOS_CACHE || path.join(tmpdir(), 'moreimoda-seed-photos');

/** The cache's photographs: made now when this machine has none of this version. */
async function cachedPhotographs(): Promise<{ dir: string; urls: string[] }> {
  const dir = path.join(cacheRoot(), `v${DRAWING_VERSION}-${SEED_PHOTO_COUNT}`);
  const manifest = path.join(dir, 'photographs.json');
  if (existsSync(manifest)) {
    const urls = JSON.parse(await readFile(manifest, 'utf8')) as string[];
    if (urls.every((u) => existsSync(path.join(picturesRoot(dir), pictureOf(u)?.name ?? '-')))) return { dir, urls };
  }
  await mkdir(dir, { recursive: true });
  const urls: string[] = [];
  for (let i = 0; i < SEED_PHOTO_COUNT; i++) {
    const file = path.join(dir, `drawing-${process.pid}-${i}.jpg`);
    await writeFile(file, await photograph(i + 1));
    const taken = await takePicture(file, dir);
    await rm(file, { force: true });
    if (!taken.ok) throw new Error(`seed photograph ${i + 1}: ${taken.reason}`);
    urls.push(taken.url);
  }
  // Another process making them at once writes the same list: the last rename stands.
  await writeFile(`${manifest}.${process.pid}`, JSON.stringify(urls));
  await rename(`${manifest}.${process.pid}`, manifest);
  return { dir, urls };
}

/**
 * The demo's photographs in this media folder (DATA_DIR/media), their originals beside them as the pipeline
 * keeps a picture's: their addresses, for the seed's goods.
 */
export async function seedPhotographs(mediaDir: string): Promise<string[]> {
  const cache = await cachedPhotographs();
  const originals = await readdir(path.join(cache.dir, 'originals'));
  await mkdir(path.join(mediaDir, 'originals'), { recursive: true });
  for (const url of cache.urls) {
    const name = pictureOf(url)!.name;
    const original = originals.find((f) => f.startsWith(name.slice(0, 24)));
    if (original && !existsSync(path.join(mediaDir, 'originals', original))) {
      await copyFile(path.join(cache.dir, 'originals', original), path.join(mediaDir, 'originals', original));
    }
    const target = path.join(picturesRoot(mediaDir), name);
    if (existsSync(target)) continue;
    // Copied whole under another name, then renamed into place: a shop never serves a half-copied picture.
    const part = `${target}.part-${process.pid}`;
    await cp(path.join(picturesRoot(cache.dir), name), part, { recursive: true });
    await rename(part, target).catch(async (err: NodeJS.ErrnoException) => {
      if (!existsSync(target)) throw err;
    });
    await rm(part, { recursive: true, force: true });
  }
  return cache.urls;
}
