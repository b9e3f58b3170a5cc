// Bundle figures from dist/.vite/manifest.json, kB = 1000 bytes: gzip level 9 (the figures kept since the
// first measure) and brotli as the server sends it (the build's own .br files, server/plugins/web.ts; every
// browser the shop supports asks for brotli). A page's initial JS is what
// the browser fetches before that page hydrates: index.html's script (src/boot.ts), the app it imports
// (src/main.tsx) with everything main imports statically, and the page's chunk with its imports. What the
// page loads later (the idle start's background work, popups, other pages) is not in it.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { readManifest } from '../server/render/page-html.ts';
import { MEASURED_PAGES } from './measured-pages.ts';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

export interface BundleFigures {
  /** Initial JS of each measured page (by its label), in kB gzipped and as sent (brotli), and how many files it is. */
  initialJs: Record<string, { kb: number; sentKb: number; files: number }>;
  appKb: number;
  largestRoute: { name: string; kb: number };
  swKb: number;
  cssKb: number;
  chunks: { file: string; kb: number }[];
}

const kb = (bytes: number) => Math.round(bytes / 100) / 10;

export function bundleFigures(distDir: string): BundleFigures {
  const manifest = readManifest(distDir) as Record<string, Chunk>;
  const gz = (file: string) => gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
  // A file too small to be worth compressing has no .br beside it: it is sent as it is.
  const sent = (file: string) => {
    const br = path.join(distDir, `${file}.br`);
    return existsSync(br) ? statSync(br).size : statSync(path.join(distDir, file)).size;
  };
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (!manifest[key]) throw new Error(`${key} is not in the build's manifest`);
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, seen);
    return seen;
  };
  const sum = (keys: Iterable<string>, size = gz) => [...keys].reduce((n, k) => n + size(manifest[k].file), 0);
  const app = new Set([...closure('index.html'), ...closure('src/main.tsx')]);
  const initialJs = Object.fromEntries(
    MEASURED_PAGES.map(({ label, src }) => {
      const files = new Set([...app, ...closure(src)]);
      return [label, { kb: kb(sum(files)), sentKb: kb(sum(files, sent)), files: files.size }];
    }),
  );
  const routeKeys = Object.keys(manifest).filter((k) => /\/features\/.+Page\.tsx$/.test(k));
  const largest = routeKeys.map((k) => ({ name: path.basename(k), kb: kb(gz(manifest[k].file)) })).sort((a, b) => b.kb - a.kb)[0] ?? {
    name: '-',
    kb: 0,
  };
  // One stylesheet for the whole app (cssCodeSplit off), which the manifest does not attach to an entry.
  const cssFiles = readdirSync(path.join(distDir, 'assets'))
    .filter((f) => f.endsWith('.css'))
    .map((f) => `assets/${f}`);
  return {
    initialJs,
    appKb: kb(sum(app)),
    largestRoute: largest,
    swKb: kb(gz('sw.js')),
    cssKb: kb(cssFiles.reduce((n, f) => n + gz(f), 0)),
    chunks: Object.values(manifest)
      .filter((c) => c.file.endsWith('.js'))
      .map((c) => ({ file: c.file, kb: kb(gz(c.file)) }))
      .sort((a, b) => b.kb - a.kb),
  };
}
