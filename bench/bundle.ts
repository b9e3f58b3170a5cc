// Bundle figures from dist/.vite/manifest.json: gzip size of every chunk, the initial JS of the home page
// (entry, its static imports, the home page chunk and its imports) and the largest route chunk.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
}

export interface BundleFigures {
  initialJsKb: number;
  entryKb: number;
  homeChunkKb: number;
  largestRoute: { name: string; kb: number };
  swKb: number;
  cssKb: number;
  chunks: { file: string; kb: number }[];
}

const kb = (bytes: number) => Math.round((bytes / 1024) * 100) / 100;

export function bundleFigures(distDir: string): BundleFigures {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
  const gz = (file: string) => gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key)) return seen;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, seen);
    return seen;
  };
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'))!;
  const homeKey = Object.keys(manifest).find((k) => k.endsWith('features/catalog/HomePage.tsx'))!;
  const initial = new Set([...closure(entryKey), ...closure(homeKey)]);
  const sum = (keys: Iterable<string>) => [...keys].reduce((n, k) => n + gz(manifest[k].file), 0);
  const routeKeys = Object.keys(manifest).filter((k) => k.includes('/features/') && !manifest[k].isEntry);
  const largest = routeKeys.map((k) => ({ name: path.basename(k), kb: kb(gz(manifest[k].file)) })).sort((a, b) => b.kb - a.kb)[0] ?? {
    name: '-',
    kb: 0,
  };
  const cssFiles = new Set(Object.values(manifest).flatMap((c) => c.css ?? []));
  return {
    initialJsKb: kb(sum(initial)),
    entryKb: kb(gz(manifest[entryKey].file)),
    homeChunkKb: kb(gz(manifest[homeKey].file)),
    largestRoute: largest,
    swKb: kb(gz('sw.js')),
    cssKb: kb([...cssFiles].reduce((n, f) => n + gz(f), 0)),
    chunks: Object.values(manifest)
      .filter((c) => c.file.endsWith('.js'))
      .map((c) => ({ file: c.file, kb: kb(gz(c.file)) }))
      .sort((a, b) => b.kb - a.kb),
  };
}
