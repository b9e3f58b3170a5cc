// Picture files for the tests and the bench of the picture pipeline: a photograph at a camera's size (the
// demo's own, made by server/media/seed-photographs.ts: about a megabyte at 2400 × 3200), and what a hostile
// or broken upload holds: a decompression bomb (a PNG whose header promises 30,000 × 30,000 pixels), a
// photograph cut off half-way.
import { deflateSync, crc32 } from 'node:zlib';
export { photograph } from '../server/media/seed-photographs.ts';

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
