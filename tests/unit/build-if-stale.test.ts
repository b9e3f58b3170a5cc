// `npm start` rebuilds the app when anything it is built from changed after the last build, the shared
// common/ folder included, and leaves a fresh build alone.
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { buildIsStale } from '../../scripts/build-if-stale.ts';

let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A project with a build made at t=2000 s and a source file of each folder at t=1000 s. */
function project(): { root: string; dist: string } {
  root = mkdtempSync(path.join(tmpdir(), 'shop-build-'));
  const dist = path.join(root, 'dist');
  for (const [dir, file] of [
    ['dist', 'index.html'],
    ['dist', 'sw.js'],
    ['dist/server', 'entry-server.js'],
    ['src', 'main.tsx'],
    ['common', 'contract.ts'],
    ['sw', 'sw.ts'],
  ]) {
    mkdirSync(path.join(root, dir), { recursive: true });
    const p = path.join(root, dir, file);
    writeFileSync(p, '');
    const t = dir === 'dist' ? 2000 : 1000;
    utimesSync(p, t, t);
    utimesSync(path.join(root, dir), t, t);
  }
  return { root, dist };
}

const touch = (p: string, t: number) => {
  writeFileSync(p, 'changed');
  utimesSync(p, t, t);
};

describe('build-if-stale', () => {
  it('leaves a build newer than every source alone', () => {
    const p = project();
    expect(buildIsStale(p.root, p.dist)).toBe(false);
  });

  it('rebuilds after a change in the page, the service worker or the shared common/ folder', () => {
    for (const file of ['src/main.tsx', 'sw/sw.ts', 'common/contract.ts']) {
      const p = project();
      touch(path.join(p.root, file), 3000);
      expect(buildIsStale(p.root, p.dist), file).toBe(true);
      rmSync(p.root, { recursive: true, force: true });
    }
  });
});
