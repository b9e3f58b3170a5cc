// The demo's photographs: the seed's goods, banners, tiles, posts and photo feed show raster photographs at a
// camera's size, as a real shop's do, so `npm start`, the tests and the bench measure what an owner's
// catalogue costs. Made by code (garments' silhouettes in a colour, lit from one side, on a studio backdrop,
// with a sensor's grain: a 2400 × 3200 JPEG of about a megabyte for a product), deterministic, through the
// same picture pipeline as 1C's. Making them takes a minute or two, so they are made once per machine into a
// cache (SEED_PHOTOS_CACHE, else the system's temporary folder) and copied into each shop's media folder.
import { existsSync } from 'node:fs';
import { copyFile, cp, mkdir, readFile, readdir, rename, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { pictureOf } from '../../common/pictures.ts';
import { Rng, type SeedPhotos } from '../db/public.ts';
import { picturesRoot } from './make-picture.ts';
import { takePicture } from './picture-maker.ts';

/** The demo's photographs by shape: how many, their size, and the first drawing's seed. The rows share them. */
const SETS: Record<keyof SeedPhotos, { count: number; width: number; height: number; seed: number; backdrop: Backdrop }> = {
  products: { count: 16, width: 2400, height: 3200, seed: 1, backdrop: 'light' },
  // The banners and tiles carry the shop's titles in white: their backdrop is dark.
  banners: { count: 3, width: 3000, height: 1000, seed: 96, backdrop: 'dark' },
  tiles: { count: 4, width: 2400, height: 1600, seed: 200, backdrop: 'dark' },
  squares: { count: 4, width: 1600, height: 1600, seed: 301, backdrop: 'light' },
};
/** Bumped when the drawing or the sets change: the cache of another version is not used. */
const DRAWING_VERSION = 2;

type Backdrop = 'light' | 'dark';
const BACKDROPS: Record<Backdrop, [string, string]> = { light: ['#f4f1ec', '#bdb6ad'], dark: ['#5d6a74', '#1f262d'] };

const COLOURS = ['#c8385a', '#1f5f8b', '#2f7d4f', '#d98c2b', '#6b3fa0', '#222831', '#e6b8a2', '#0f8b8d'];
/** Two cuts of garment: a one-piece swimsuit, and a dress. */
const SILHOUETTES = [
  'M78 40 q12 40 42 44 q30 -4 42 -44 l14 6 q-10 60 -4 110 q6 50 22 90 q-40 30 -74 30 q-34 0 -74 -30 q16 -40 22 -90 q6 -50 -4 -110 z',
  'M92 30 q28 22 56 0 l18 10 q-8 40 -2 70 q30 90 40 170 q-70 20 -168 0 q10 -80 40 -170 q6 -30 -2 -70 z',
];

/**
 * A studio photograph of garments, `width` × `height`, as a JPEG of a camera's quality: one garment in a
 * portrait frame, side by side in a wider one (a banner's 3 : 1 holds three).
 */
export async function photograph(seed: number, width = 2400, height = 3200, backdrop: Backdrop = 'light'): Promise<Buffer> {
  const [lit, shade] = BACKDROPS[backdrop];
  const rng = new Rng(seed);
  const random = () => rng.next();
  const colour = COLOURS[seed % COLOURS.length]!;
  const cut = SILHOUETTES[Math.floor(seed / COLOURS.length) % SILHOUETTES.length]!;
  const tilt = Math.round((random() - 0.5) * 8);
  // The drawing's units: a garment is drawn in 240 × 320; a wider frame is wider in the same units.
  const frame = Math.max(240, Math.round((320 * width) / height));
  const garments = Math.max(1, Math.round(frame / 320));
  const placed = Array.from({ length: garments }, (_, i) => {
    const x = Math.round((frame / garments) * (i + 0.5) - 120);
    return `<g transform="translate(${x} 0) rotate(${tilt + i * 3} 120 160)">
      <path d="${cut}" fill="url(#cloth)"/>
      <path d="M90 150 q30 14 60 0" stroke="#fff" stroke-opacity="0.25" stroke-width="3" fill="none"/>
    </g>`;
  }).join('');
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${frame} 320" preserveAspectRatio="xMidYMid slice">
    <defs>
      <radialGradient id="light" cx="${30 + random() * 40}%" cy="30%" r="80%">
        <stop offset="0" stop-color="${lit}"/><stop offset="1" stop-color="${shade}"/>
      </radialGradient>
      <linearGradient id="cloth" x1="0" x2="1"><stop offset="0" stop-color="${colour}"/><stop offset="0.55" stop-color="${colour}" stop-opacity="0.82"/><stop offset="1" stop-color="#000" stop-opacity="0.9"/></linearGradient>
    </defs>
    <rect width="${frame}" height="320" fill="url(#light)"/>
    ${placed}
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
async function cachedPhotographs(): Promise<{ dir: string; photos: SeedPhotos }> {
  const dir = path.join(cacheRoot(), `v${DRAWING_VERSION}`);
  const manifest = path.join(dir, 'photographs.json');
  const made = (photos: SeedPhotos) =>
    Object.values(photos)
      .flat()
      .every((u) => existsSync(path.join(picturesRoot(dir), pictureOf(u)?.name ?? '-')));
  if (existsSync(manifest)) {
    const photos = JSON.parse(await readFile(manifest, 'utf8')) as SeedPhotos;
    if (made(photos)) return { dir, photos };
  }
  await mkdir(dir, { recursive: true });
  const photos: SeedPhotos = { products: [], banners: [], tiles: [], squares: [] };
  for (const [kind, set] of Object.entries(SETS) as [keyof SeedPhotos, (typeof SETS)[keyof SeedPhotos]][]) {
    for (let i = 0; i < set.count; i++) {
      const file = path.join(dir, `drawing-${process.pid}-${kind}-${i}.jpg`);
      await writeFile(file, await photograph(set.seed + i, set.width, set.height, set.backdrop));
      const taken = await takePicture(file, dir);
      await rm(file, { force: true });
      if (!taken.ok) throw new Error(`seed photograph ${kind} ${i + 1}: ${taken.reason}`);
      photos[kind].push(taken.url);
    }
  }
  // Another process making them at once writes the same list: the last rename stands.
  await writeFile(`${manifest}.${process.pid}`, JSON.stringify(photos));
  await rename(`${manifest}.${process.pid}`, manifest);
  return { dir, photos };
}

/**
 * The demo's photographs in this media folder (DATA_DIR/media), their originals beside them as the pipeline
 * keeps a picture's: their addresses, for the seed's rows.
 */
export async function seedPhotographs(mediaDir: string): Promise<SeedPhotos> {
  const cache = await cachedPhotographs();
  const originals = await readdir(path.join(cache.dir, 'originals'));
  await mkdir(path.join(mediaDir, 'originals'), { recursive: true });
  for (const url of Object.values(cache.photos).flat()) {
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
  return cache.photos;
}
