// The picture process ending in the middle of a picture (a decoder crash, the kernel's OOM killer) costs that
// picture alone: it is refused with its Russian line, nothing is left half made, and the next picture is made
// by a new process.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
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

/** The files the pipeline has made so far under the media folder. */
const madeFiles = (mediaDir: string): string[] => readdirSync(mediaDir, { recursive: true, encoding: 'utf8' }).sort();

describe('the picture process ending mid-picture', () => {
  it('refuses that picture with its line, leaves nothing of it, and the next picture is made by a new process', async () => {
    const mediaDir = path.join(dir, 'media');
    const files = await Promise.all(
      [31, 32, 33].map(async (seed) => {
        const file = path.join(dir, `photo-${seed}.jpg`);
        writeFileSync(file, await photograph(seed, 1200, 1600));
        return file;
      }),
    );
    // A first picture: the process is started and waits for the next.
    expect(await takePicture(files[0], mediaDir)).toMatchObject({ ok: true });
    const [first] = pictureProcesses();
    expect(first).toBeGreaterThan(0);
    const before = madeFiles(mediaDir);

    const taking = takePicture(files[1], mediaDir);
    process.kill(first, 'SIGKILL');
    expect(await taking).toEqual({ ok: false, reason: PICTURE_REFUSALS.crashed, peakMb: 0 });
    expect(madeFiles(mediaDir)).toEqual(before);

    const next = await takePicture(files[2], mediaDir);
    expect(next).toMatchObject({ ok: true });
    expect(pictureProcesses()).not.toContain(first);
  });
});
