// Photographs as a camera makes them, for the tests of the picture pipeline: a garment's silhouette in a
// colour, lit from one side, on a studio backdrop, with the sensor's grain (so the JPEG weighs what a real
// photograph of its size does, about a megabyte at 2400 × 3200), deterministic for a seed. And the files a
// hostile or broken upload holds: a decompression bomb (a PNG whose header promises 30,000 × 30,000 pixels),
// a photograph cut off half-way.
import { deflateSync, crc32 } from 'node:zlib';
import sharp from 'sharp';
import { prng } from './prng.ts';

const COLOURS = ['#c8385a', '#1f5f8b', '#2f7d4f', '#d98c2b', '#6b3fa0', '#222831', '#e6b8a2', '#0f8b8d'];

/** A studio photograph of a swimsuit-like silhouette, `width` × `height`, as a JPEG of a camera's quality. */
export async function photograph(seed: number, width = 2400, height = 3200): Promise<Buffer> {
  const random = prng(seed);
  const colour = COLOURS[Math.floor(random() * COLOURS.length)];
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
      <path d="M78 40 q12 40 42 44 q30 -4 42 -44 l14 6 q-10 60 -4 110 q6 50 22 90 q-40 30 -74 30 q-34 0 -74 -30 q16 -40 22 -90 q6 -50 -4 -110 z" fill="url(#cloth)"/>
      <path d="M90 150 q30 14 60 0" stroke="#fff" stroke-opacity="0.25" stroke-width="3" fill="none"/>
    </g>
  </svg>`;
  const grain = Buffer.alloc((width >> 1) * (height >> 1));
  for (let i = 0; i < grain.length; i++) grain[i] = 118 + Math.floor(random() * 20);
  const texture = await sharp(grain, { raw: { width: width >> 1, height: height >> 1, channels: 1 } })
    .resize(width, height)
    .png()
    .toBuffer();
  return sharp(Buffer.from(svg))
    .composite([{ input: texture, blend: 'overlay' }])
    .jpeg({ quality: 88 })
    .toBuffer();
}

const chunk = (type: string, data: Buffer) => {
  const head = Buffer.alloc(4);
  head.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([head, body, crc]);
};

/** A PNG of a few kilobytes whose header says 30,000 × 30,000 (2.7 GB decoded): a decompression bomb. */
export function decompressionBomb(side = 30_000): Buffer {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(side, 0);
  header.writeUInt32BE(side, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8 bits, RGB, deflate, no filter, not interlaced
  const rows = deflateSync(Buffer.alloc((side * 3 + 1) * 64)); // its first rows: nothing but zeros
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', rows),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A photograph cut off half-way, as a broken upload leaves it. */
export const cutOff = (jpeg: Buffer): Buffer => jpeg.subarray(0, jpeg.length >> 1);
