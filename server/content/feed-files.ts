// The marketplace feeds' files on disk: the folder they live in (the data directory's feeds/ beside PGlite's
// folder, else a folder of this process's own under the system's temp folder, as on PostgreSQL), and the
// writing of one feed's text, piece by piece as it is made, into its XML file and its gzip form side by side.
// Both are written under temporary names and renamed into place once complete: a reader only ever opens a
// whole file, and a failed write leaves nothing behind.
import { createWriteStream } from 'node:fs';
import { mkdir, mkdtemp, rename, rm, stat } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { finished, pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';

export interface FeedFolder {
  path: string;
  /** Removes the folder with everything in it (the server closes). */
  remove(): Promise<void>;
}

/**
 * The folder of the feeds: `${dataDir}/feeds` when the database keeps its data there (PGlite on disk), emptied
 * of a previous run's files (they are built again on the first request); otherwise a new temporary folder.
 */
export async function feedFolder(dataDir: string | null): Promise<FeedFolder> {
  let dir: string;
  if (dataDir) {
    dir = path.join(dataDir, 'feeds');
    await rm(dir, { recursive: true, force: true });
    await mkdir(dir, { recursive: true });
  } else {
    dir = await mkdtemp(path.join(tmpdir(), 'shop-feeds-'));
  }
  return { path: dir, remove: () => rm(dir, { recursive: true, force: true, maxRetries: 3 }) };
}

/** The two files of one build of a feed: the XML at `xml`, its gzip form at `${xml}.gz`, and their sizes in bytes. */
export interface FeedFiles {
  xml: string;
  gzip: string;
  bytes: number;
  gzipBytes: number;
}

/** Writes a piece, then waits while the stream's buffer is full (an error of the stream rejects). */
async function put(stream: Writable, piece: Buffer): Promise<void> {
  if (!stream.write(piece)) await once(stream, 'drain');
}

const ignore = () => undefined;

/** Writes the pieces in order to `xml` and `${xml}.gz`; when anything fails (the pieces' source, the disk), no file is left. */
export async function writeFeedFiles(xml: string, pieces: AsyncIterable<string>): Promise<FeedFiles> {
  const gzip = `${xml}.gz`;
  const temp = (file: string) => `${file}.tmp`;
  const plain = createWriteStream(temp(xml));
  const packer = createGzip({ level: 6 });
  const plainDone = finished(plain);
  const packedDone = pipeline(packer, createWriteStream(temp(gzip)));
  // Awaited below; until then a failure must not count as an unhandled rejection.
  plainDone.catch(ignore);
  packedDone.catch(ignore);
  let bytes = 0;
  try {
    for await (const piece of pieces) {
      const encoded = Buffer.from(piece); // once for both files
      bytes += encoded.length;
      await Promise.all([put(plain, encoded), put(packer, encoded)]);
    }
    plain.end();
    packer.end();
    await Promise.all([plainDone, packedDone]);
    const gzipBytes = (await stat(temp(gzip))).size;
    await rename(temp(gzip), gzip);
    await rename(temp(xml), xml);
    return { xml, gzip, bytes, gzipBytes };
  } catch (err) {
    plain.destroy();
    packer.destroy();
    await Promise.allSettled([plainDone, packedDone]);
    await Promise.all([temp(xml), temp(gzip), xml, gzip].map((f) => rm(f, { force: true })));
    throw err;
  }
}
