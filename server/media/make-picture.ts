// The picture pipeline (sharp, on libvips): a file that enters the shop is checked before it is decoded (its
// size, its header's pixel count: a decompression bomb never reaches the decoder), turned upright, converted to
// sRGB over white, stripped of its metadata, and made into every width of common/pictures.ts in AVIF, WebP and
// JPEG, under a folder named by the content's hash, its upright size and its dominant colour; the original is
// kept beside them. It runs in the picture process alone (picture-process.ts; the server asks it through
// picture-maker.ts), one picture at a time on one libvips thread, so a catalogue of photographs never takes
// both cores from the shoppers, and whatever the encoders hold (AVIF's alone takes about 150 MB at the
// largest width) is never the server's. A folder is written whole, then renamed into place, so a picture is
// either all there or not at all, and the same bytes sent again make nothing twice.
import { createHash, randomBytes } from 'node:crypto';
import { createReadStream, existsSync } from 'node:fs';
import { copyFile, mkdir, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import sharp from 'sharp';
import { PICTURE_FORMATS, largestJpeg, parsePictureName, pictureName, widthsOf, type ShopPicture } from '../../common/pictures.ts';
import { ENCODING, PICTURE_LIMITS } from './picture-limits.ts';

// The pipeline's own settings of the library, for the whole process: one worker thread (the other core serves
// shoppers) and no cache of decoded pictures between jobs (each is seen once).
sharp.concurrency(1);
sharp.cache(false);

const MB = 1024 * 1024;

/** Why a file was not taken, in Russian: the import's report puts it after the file and the product. */
export const PICTURE_REFUSALS = {
  tooLarge: `файл больше ${PICTURE_LIMITS.maxBytes / MB} МБ`,
  tooManyPixels: (width: number, height: number) =>
    `${width} × ${height} точек — больше ${PICTURE_LIMITS.maxPixels / 1_000_000} млн, такую картинку магазин не берёт`,
  unreadable: 'файл повреждён или обрезан и не читается как картинка',
  notPicture: 'не картинка JPEG, PNG, GIF, WebP, AVIF или HEIC',
  crashed: 'обработка файла прервалась (файл повреждён или слишком сложен)',
  stalled: 'обработка файла не закончилась за 3 минуты',
} as const;

/** The formats the pipeline reads (libvips's names; AVIF and HEIC are both "heif"). */
const READS = new Set(['jpeg', 'png', 'webp', 'gif', 'heif']);
/** A finished picture's folder holds this file last. */
const DONE = 'done.json';

export type PictureOutcome = { ok: true; url: string; picture: ShopPicture; made: boolean } | { ok: false; reason: string };

/** Where a picture's variants are kept: DATA_DIR/media/p/<name>/<width>.<ext>, the originals in /originals. */
export const picturesRoot = (mediaDir: string) => path.join(mediaDir, 'p');

/** In the name of a picture's folder while it is written (renamed into place once whole). */
const BUILDING_MARK = '.part-';

/**
 * Removes what a picture process that ended mid-picture left half written (one picture is made at a time, so
 * every folder still being written is that picture's).
 */
export async function removeHalfMade(mediaDir: string): Promise<void> {
  const root = picturesRoot(mediaDir);
  const entries = await readdir(root, { recursive: true }).catch(() => [] as string[]);
  const building = entries.filter((entry) => path.basename(entry).includes(BUILDING_MARK));
  await Promise.all(building.map((entry) => rm(path.join(root, entry), { recursive: true, force: true })));
}

async function hashOf(file: string): Promise<string> {
  const hash = createHash('sha256');
  await pipeline(createReadStream(file), hash);
  return hash.digest('hex');
}

/** The finished picture of these bytes, when there is one (its folder's name starts with the hash and size). */
async function madeBefore(mediaDir: string, hash: string, width: number, height: number): Promise<ShopPicture | null> {
  const prefix = pictureName(hash, width, height, '000000').slice(0, -6);
  const names = await readdir(picturesRoot(mediaDir)).catch(() => [] as string[]);
  const name = names.find((n) => n.startsWith(prefix) && existsSync(path.join(picturesRoot(mediaDir), n, DONE)));
  return name ? parsePictureName(name) : null;
}

const hex = (n: number) => Math.round(n).toString(16).padStart(2, '0');

/** Makes the picture of a file, or says why not. Never throws for a bad file; a full disk does throw. */
export async function makePicture(file: string, mediaDir: string): Promise<PictureOutcome> {
  const { size } = await stat(file);
  if (size > PICTURE_LIMITS.maxBytes) return { ok: false, reason: PICTURE_REFUSALS.tooLarge };
  // The header alone: the pixel count is known before a pixel is decoded.
  const meta = await sharp(file, { limitInputPixels: false })
    .metadata()
    .catch(() => null);
  if (!meta?.format || !READS.has(meta.format))
    return { ok: false, reason: meta ? PICTURE_REFUSALS.notPicture : PICTURE_REFUSALS.unreadable };
  const { width: w = 0, height: h = 0 } = meta;
  if (!w || !h) return { ok: false, reason: PICTURE_REFUSALS.unreadable };
  if (w * h > PICTURE_LIMITS.maxPixels) return { ok: false, reason: PICTURE_REFUSALS.tooManyPixels(w, h) };
  const [width, height] = (meta.orientation ?? 1) >= 5 ? [h, w] : [w, h]; // EXIF 5–8 turn the picture a quarter
  const hash = await hashOf(file);
  // The same bytes made before (1C sends every picture again with each full export): found without decoding.
  const made = await madeBefore(mediaDir, hash, width, height);
  if (made) return { ok: true, url: largestJpeg(made), picture: made, made: false };
  const largest = widthsOf(width).at(-1)!;
  const decoded = await sharp(file, { limitInputPixels: PICTURE_LIMITS.maxPixels, failOn: 'truncated', sequentialRead: true })
    .rotate()
    .resize({ width: largest, withoutEnlargement: true })
    .flatten({ background: '#ffffff' })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true })
    .catch(() => null);
  if (!decoded) return { ok: false, reason: PICTURE_REFUSALS.unreadable };
  const raw = { raw: { width: decoded.info.width, height: decoded.info.height, channels: decoded.info.channels } };
  const { dominant } = await sharp(decoded.data, raw).stats();
  const picture: ShopPicture = {
    name: pictureName(hash, width, height, `${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`),
    width,
    height,
    colour: `#${hex(dominant.r)}${hex(dominant.g)}${hex(dominant.b)}`,
  };
  const folder = path.join(picturesRoot(mediaDir), picture.name);
  if (existsSync(path.join(folder, DONE))) return { ok: true, url: largestJpeg(picture), picture, made: false };
  const building = `${folder}${BUILDING_MARK}${randomBytes(4).toString('hex')}`;
  await mkdir(building, { recursive: true });
  try {
    for (const w of widthsOf(width)) {
      for (const { ext } of PICTURE_FORMATS) {
        const out = sharp(decoded.data, raw).resize({ width: w });
        const encoded = ext === 'avif' ? out.avif(ENCODING.avif) : ext === 'webp' ? out.webp(ENCODING.webp) : out.jpeg(ENCODING.jpg);
        await encoded.toFile(path.join(building, `${w}.${ext}`));
      }
    }
    const originals = path.join(mediaDir, 'originals');
    await mkdir(originals, { recursive: true });
    await copyFile(file, path.join(originals, `${hash}.${meta.format === 'jpeg' ? 'jpg' : meta.format}`));
    await writeFile(path.join(building, DONE), JSON.stringify({ width, height, bytes: size, format: meta.format }));
    await rename(building, folder).catch(async (err: NodeJS.ErrnoException) => {
      // Another process made the same picture meanwhile: theirs stands.
      if (!existsSync(path.join(folder, DONE))) throw err;
    });
  } finally {
    await rm(building, { recursive: true, force: true });
  }
  return { ok: true, url: largestJpeg(picture), picture, made: true };
}
