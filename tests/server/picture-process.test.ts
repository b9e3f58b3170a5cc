// The picture process ending in the middle of a picture (a decoder crash) costs that picture alone: it is
// refused with its Russian line, nothing is left half made, and the next picture is made by a new process. One
// that ended while it waited for the next picture (the kernel's OOM killer, an operator) costs nothing: that
// picture is made by a new process, even when the server had not yet heard of the end (which used to end the
// server itself, with EPIPE).
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it, vi } from 'vitest';
import { PICTURE_REFUSALS, takePicture } from '../../server/media/public.ts';
import { photograph } from '../../scripts/picture-files.ts';

const dir = mkdtempSync(path.join(tmpdir(), 'picture-process-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The pids of this process's picture processes (Linux's /proc: the shop's server runs on Linux). */
function pictureProcesses(): number[] {
  return readdirSync('/proc')
    .filter((name) => /^\d+$/.test(name))
    .filter((pid) => {
      try {
        const parent = Number(
          readFileSync(`/proc/${pid}/stat`, 'utf8')
            .replace(/^.*\) /, '')
            .split(' ')[1],
        );
        return parent === process.pid && readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes('picture-process');
      } catch {
        return false; // ended while read
      }
    })
    .map(Number);
}

/** The picture folders being written (named …part-…) under the media folder. */
const halfMade = (mediaDir: string): string[] =>
  existsSync(mediaDir) ? readdirSync(mediaDir, { recursive: true, encoding: 'utf8' }).filter((entry) => entry.includes('.part-')) : [];

/** Waits, without letting the event loop turn, until a killed process is dead (a zombie): the server has not heard yet. */
function deadUnheard(pid: number): void {
  while (!/^\S+ \(.*\) Z /.test(readFileSync(`/proc/${pid}/stat`, 'utf8'))) {
    /* the kernel ends it within moments */
  }
}

/** Photographs of these seeds at this size, written as JPEG files: their paths. */
const photographFiles = (seeds: number[], width: number, height: number): Promise<string[]> =>
  Promise.all(
    seeds.map(async (seed) => {
      const file = path.join(dir, `photo-${seed}.jpg`);
      writeFileSync(file, await photograph(seed, width, height));
      return file;
    }),
  );

/** The files the pipeline has made so far under the media folder. */
const madeFiles = (mediaDir: string): string[] => readdirSync(mediaDir, { recursive: true, encoding: 'utf8' }).sort();

describe('the picture process ending mid-picture', () => {
  it('refuses that picture with its line, leaves nothing of it, and the next picture is made by a new process', async () => {
    const mediaDir = path.join(dir, 'media');
    const files = await photographFiles([31, 32], 1200, 1600);
    // The picture's own process (started for it) ends while making it: a decoder crash.
    const taking = takePicture(files[0], mediaDir);
    await vi.waitFor(() => expect(pictureProcesses()).toHaveLength(1), { timeout: 30_000, interval: 5 });
    const [first] = pictureProcesses();
    await vi.waitFor(() => expect(halfMade(mediaDir)).not.toEqual([]), { timeout: 30_000, interval: 5 }); // the picture is being written
    process.kill(first, 'SIGKILL');
    expect(await taking).toEqual({ ok: false, reason: PICTURE_REFUSALS.crashed, peakMb: 0 });
    expect(madeFiles(mediaDir)).toEqual(['p']); // the pictures' folder, empty: nothing half written is left

    const next = await takePicture(files[1], mediaDir);
    expect(next).toMatchObject({ ok: true });
    expect(pictureProcesses()).not.toContain(first);
  });
});

describe('the picture process ended while idle', () => {
  it('the next picture goes to a new process before the server has heard of the end, and is made', async () => {
    const mediaDir = path.join(dir, 'media-idle');
    const files = await photographFiles([41, 42], 600, 800);
    expect(await takePicture(files[0], mediaDir)).toMatchObject({ ok: true });
    const [idle] = pictureProcesses();
    process.kill(idle, 'SIGKILL'); // the kernel's OOM killer, an operator's kill
    deadUnheard(idle);
    expect(await takePicture(files[1], mediaDir)).toMatchObject({ ok: true });
    expect(pictureProcesses()).not.toContain(idle);
  });
});
