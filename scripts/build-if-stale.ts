// Builds the app (scripts/build.ts: the page and its server rendering) when dist/ is missing or older than
// anything it is built from.
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';

const SOURCES = [
  'common',
  'src',
  'sw',
  'public',
  'index.html',
  'manifest.webmanifest',
  'vite.config.ts',
  'scripts/build.ts',
  'package-lock.json',
];

function newestMtime(p: string): number {
  if (!existsSync(p)) return 0;
  const st = statSync(p);
  if (!st.isDirectory()) return st.mtimeMs;
  return Math.max(st.mtimeMs, ...readdirSync(p).map((f) => newestMtime(path.join(p, f))));
}

export function buildIsStale(root: string, distDir: string): boolean {
  const built = path.join(distDir, 'index.html');
  if (!existsSync(built) || !existsSync(path.join(distDir, 'sw.js')) || !existsSync(path.join(distDir, 'server', 'entry-server.js')))
    return true;
  const builtAt = statSync(built).mtimeMs;
  return SOURCES.some((s) => newestMtime(path.join(root, s)) > builtAt);
}

export function ensureBuilt(root = process.cwd(), distDir = path.resolve(root, process.env.DIST_DIR ?? 'dist')): void {
  if (!buildIsStale(root, distDir)) return;
  console.log('Собираем приложение (npm run build)…');
  const res = spawnSync(process.execPath, ['--import', 'tsx', path.join(root, 'scripts', 'build.ts'), '--outDir', distDir], {
    cwd: root,
    stdio: 'inherit',
  });
  if (res.status !== 0) throw new Error(`the build failed with exit code ${res.status}`);
}
