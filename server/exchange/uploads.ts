// The files 1C uploads in a session: each in the session's folder under the name 1C gives (pictures come as
// import_files/…), appended piece by piece (1C splits a file bigger than file_limit), counted against the
// session's allowance; a .zip is unpacked in place before the import reads the folder. Names and archive
// entries that would leave the folder are refused.
import { createWriteStream } from 'node:fs';
import { mkdir, readdir, rm, stat, truncate } from 'node:fs/promises';
import path from 'node:path';
import { Transform, type Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import yauzl from 'yauzl';

/** A file or folder name's longest in bytes (ext4's and most file systems' limit): a longer one is refused. */
const NAME_MAX_BYTES = 255;
/** Entries one archive may hold. */
const ZIP_MAX_ENTRIES = 500_000;

export const UPLOAD_MESSAGES = {
  badName: (name: string) => `Недопустимое имя файла «${name}»`,
  tooBig: (limit: number) => `Часть файла больше ${limit} байт: присылайте части не больше file_limit`,
  full: 'Файлы обмена с учётной системой заняли бы больше места, чем им отведено (EXCHANGE_DISK_LIMIT_MB): дождитесь конца прежнего обмена (mode=complete или полчаса без вызовов) и повторите',
  badZip: (name: string, why: string) => `Архив ${name} не распаковывается: ${why}`,
} as const;

export class UploadError extends Error {}

/** Where the sessions' folders are, under the shop's data folder. */
export const uploadsRoot = (dataDir: string) => path.join(dataDir, 'exchange');

export const sessionFolder = (root: string, token: string) => path.join(root, token);

/**
 * The file's path inside the folder, or null when the name would leave it (absolute, '..', a drive) or the
 * disk could not hold it (a control character, a part longer than NAME_MAX_BYTES, the whole past 500).
 */
export function safePath(folder: string, name: string): string | null {
  const clean = name.replace(/\\/g, '/');
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused
  if (!clean || clean.length > 500 || /[\u0000-\u001f\u007f]/.test(clean) || clean.startsWith('/') || /^[a-z]:/i.test(clean)) return null;
  const parts = clean.split('/');
  if (parts.some((p) => p === '..' || p === '.' || p === '' || Buffer.byteLength(p) > NAME_MAX_BYTES)) return null;
  return path.join(folder, ...parts);
}

/** Counts bytes passing through, failing once they pass `max`. */
function limiter(max: number, onTooMany: () => Error): Transform {
  let seen = 0;
  return new Transform({
    transform(chunk: Buffer, _enc, done) {
      seen += chunk.length;
      done(seen > max ? onTooMany() : null, chunk);
    },
  });
}

/** Appends one piece of a file; returns its size. `allow(bytes)` counts it against the session's allowance. */
export async function appendPiece(
  folder: string,
  name: string,
  body: Readable,
  limit: number,
  allow: (bytes: number) => Promise<boolean>,
): Promise<number> {
  const target = safePath(folder, name);
  if (!target) throw new UploadError(UPLOAD_MESSAGES.badName(name));
  await mkdir(path.dirname(target), { recursive: true });
  const before = await stat(target).then(
    (s) => s.size,
    () => 0,
  );
  // A piece that fails (too big, cut off) or passes the allowance is taken back whole: the file is as it was
  // before it, so nothing uncounted stays on disk and 1C's retry of the piece appends to the right place.
  try {
    await pipeline(
      body,
      limiter(limit, () => new UploadError(UPLOAD_MESSAGES.tooBig(limit))),
      createWriteStream(target, { flags: 'a' }),
    );
  } catch (err) {
    await truncate(target, before).catch(() => {});
    throw err;
  }
  const size = (await stat(target)).size - before;
  if (!(await allow(size))) {
    await truncate(target, before);
    throw new UploadError(UPLOAD_MESSAGES.full);
  }
  return size;
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, decodeStrings: true, validateEntrySizes: true, strictFileNames: false }, (err, zip) =>
      err ? reject(err) : resolve(zip),
    ),
  );
}

/** Unpacks one archive into the folder and removes it; `allow` counts what it unpacks. */
async function unzipInto(folder: string, file: string, allow: (bytes: number) => Promise<boolean>): Promise<void> {
  const name = path.basename(file);
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(file);
  } catch (err) {
    throw new UploadError(UPLOAD_MESSAGES.badZip(name, (err as Error).message));
  }
  if (zip.entryCount > ZIP_MAX_ENTRIES) {
    zip.close();
    throw new UploadError(UPLOAD_MESSAGES.badZip(name, `в нём больше ${ZIP_MAX_ENTRIES} файлов`));
  }
  try {
    await new Promise<void>((resolve, reject) => {
      zip.on('error', reject);
      zip.on('end', resolve);
      zip.on('entry', (entry: yauzl.Entry) => {
        void (async () => {
          if (entry.fileName.endsWith('/')) return zip.readEntry();
          const target = safePath(folder, entry.fileName);
          if (!target) throw new UploadError(UPLOAD_MESSAGES.badName(entry.fileName));
          if (!(await allow(entry.uncompressedSize))) throw new UploadError(UPLOAD_MESSAGES.full);
          await mkdir(path.dirname(target), { recursive: true });
          const stream = await new Promise<Readable>((ok, fail) => zip.openReadStream(entry, (err, s) => (err ? fail(err) : ok(s))));
          await pipeline(stream, createWriteStream(target));
          zip.readEntry();
        })().catch(reject);
      });
      zip.readEntry();
    });
  } catch (err) {
    throw err instanceof UploadError ? err : new UploadError(UPLOAD_MESSAGES.badZip(name, (err as Error).message));
  } finally {
    zip.close();
  }
  await rm(file, { force: true });
}

/** Unpacks every archive uploaded to the folder (at its top) that is not unpacked yet. */
export async function unpackArchives(folder: string, allow: (bytes: number) => Promise<boolean>): Promise<void> {
  const names = await readdir(folder).catch(() => [] as string[]);
  for (const name of names.filter((n) => n.toLowerCase().endsWith('.zip'))) await unzipInto(folder, path.join(folder, name), allow);
}

/** Where the file 1C names was put (after unpacking), or null when it is not there. */
export async function uploadedFile(folder: string, name: string): Promise<string | null> {
  const target = safePath(folder, name);
  if (!target) return null;
  return stat(target).then(
    (s) => (s.isFile() ? target : null),
    () => null,
  );
}

export async function removeFolder(folder: string): Promise<void> {
  await rm(folder, { recursive: true, force: true });
}
