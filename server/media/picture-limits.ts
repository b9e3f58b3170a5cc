// What the picture pipeline takes, and how it encodes what it makes. A photograph from a camera or from 1C is
// 2–24 megapixels and 1–15 MB; anything far past that is a mistake or an attack (a "decompression bomb": a
// small file that decodes to gigabytes), refused before it is decoded.
export const PICTURE_LIMITS = {
  /** The largest file taken. */
  maxBytes: 30 * 1024 * 1024,
  /** The most pixels taken (a 50-megapixel camera's frame is 8,688 × 5,792). */
  maxPixels: 60_000_000,
} as const;

/**
 * Encoder settings of the variants: visually close to the original at a phone's size, small on the wire.
 * AVIF's encoder is the slow one: measured here on a 2400 × 3200 photograph, effort 4 took 8.7 s for the
 * 1920 width (77 kB), effort 1 at quality 40 takes 0.6 s (47 kB, half of WebP's 103 kB), so the import of a
 * catalogue's photographs takes minutes, not hours. mozjpeg's progressive JPEG is what every browser shows.
 */
export const ENCODING = {
  avif: { quality: 40, effort: 1 },
  webp: { quality: 74, effort: 4 },
  jpg: { quality: 78, mozjpeg: true, progressive: true },
} as const;
