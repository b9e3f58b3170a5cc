// The pictures of the accounting system's goods: a file 1C uploaded (import_files/…) is kept under the
// shop's data folder by its content's hash, so the same picture sent twice is kept once and its address
// never changes while its bytes do not (served for a year as immutable). Only JPEG, PNG, GIF and WebP pass.
import { createHash } from 'node:crypto';
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';

/** The address the pictures are served under. */
export const PICTURES_URL = '/media/1c/';

const KINDS: [ext: string, type: string, test: (b: Buffer) => boolean][] = [
  ['jpg', 'image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff],
  ['png', 'image/png', (b) => b.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))],
  ['gif', 'image/gif', (b) => b.subarray(0, 4).toString('latin1') === 'GIF8'],
  ['webp', 'image/webp', (b) => b.subarray(0, 4).toString('latin1') === 'RIFF' && b.subarray(8, 12).toString('latin1') === 'WEBP'],
];

export const pictureType = (file: string): string | undefined => KINDS.find(([ext]) => file.endsWith(`.${ext}`))?.[1];

/** A stored picture's file name is its hash and kind: nothing else is served. */
export const isPictureName = (name: string) => /^[0-9a-f]{32}\.(jpg|png|gif|webp)$/.test(name);

/** Keeps the uploaded file among the pictures; its address, or null when it is not a picture. */
export async function keepPicture(picturesDir: string, file: string): Promise<string | null> {
  const bytes = await readFile(file);
  const kind = KINDS.find(([, , test]) => test(bytes));
  if (!kind) return null;
  const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${kind[0]}`;
  await mkdir(picturesDir, { recursive: true });
  await writeFile(path.join(picturesDir, name), bytes, { flag: 'w' });
  return PICTURES_URL + name;
}
