// The shop's photographs as every runtime addresses them. A picture that entered through the picture pipeline
// (server/media/) is kept as its original and as a fixed set of widths in AVIF, WebP and JPEG; its address
// names everything a page needs to offer them without asking: the content's hash, the upright size and the
// dominant colour (the placeholder shown until it arrives), e.g.
//   /media/p/3f2a…9c-2400x3200-a1b2c3/1920.jpg   (the largest JPEG: what the catalogue stores and feeds use)
//   /media/p/3f2a…9c-2400x3200-a1b2c3/480.avif   (one variant)
// Any other address (the demo's drawings, a banner given by URL) is a plain picture of one size.

/** The widths made of every picture, in CSS pixels times the screen's density; none wider than the original. */
export const PICTURE_WIDTHS = [160, 320, 480, 640, 960, 1280, 1920] as const;

/** The formats, best first: a browser takes the first it can show. */
export const PICTURE_FORMATS = [
  { ext: 'avif', type: 'image/avif' },
  { ext: 'webp', type: 'image/webp' },
  { ext: 'jpg', type: 'image/jpeg' },
] as const;
export type PictureExt = (typeof PICTURE_FORMATS)[number]['ext'];

export const PICTURES_PATH = '/media/p/';

/** A picture of the pipeline: its folder's name and what the name says. */
export interface ShopPicture {
  name: string;
  width: number;
  height: number;
  /** The dominant colour, as CSS: the placeholder. */
  colour: string;
}

const NAME = /^([0-9a-f]{24})-(\d{1,5})x(\d{1,5})-([0-9a-f]{6})$/;
const ADDRESS = new RegExp(`^${PICTURES_PATH}([0-9a-f]{24}-\\d{1,5}x\\d{1,5}-[0-9a-f]{6})/(\\d{1,4})\\.(avif|webp|jpg)$`);

/** The folder name of a picture: hash, upright size, dominant colour. */
export const pictureName = (hash: string, width: number, height: number, colour: string): string =>
  `${hash.slice(0, 24)}-${width}x${height}-${colour.replace('#', '')}`;

export function parsePictureName(name: string): ShopPicture | null {
  const m = NAME.exec(name);
  if (!m) return null;
  const width = Number(m[2]);
  const height = Number(m[3]);
  return width > 0 && height > 0 ? { name, width, height, colour: `#${m[4]}` } : null;
}

/** The picture a stored address names, or null for any other picture (a drawing, an outside address). */
export function pictureOf(url: string): ShopPicture | null {
  const m = ADDRESS.exec(url);
  return m ? parsePictureName(m[1]!) : null;
}

/** The widths made of a picture this wide: the standard ones below it, and its own (at most the largest). */
export function widthsOf(width: number): number[] {
  const largest = Math.min(width, PICTURE_WIDTHS[PICTURE_WIDTHS.length - 1]);
  return [...PICTURE_WIDTHS.filter((w) => w < largest), largest];
}

export const variantUrl = (p: ShopPicture, width: number, ext: PictureExt): string => `${PICTURES_PATH}${p.name}/${width}.${ext}`;

/** The largest JPEG: the address stored in the catalogue and given to feeds, structured data and mail. */
export const largestJpeg = (p: ShopPicture): string => variantUrl(p, widthsOf(p.width).at(-1)!, 'jpg');

/** A `srcset` of every width of one format. */
export const srcSetOf = (p: ShopPicture, ext: PictureExt): string =>
  widthsOf(p.width)
    .map((w) => `${variantUrl(p, w, ext)} ${w}w`)
    .join(', ');
