// Bundle figures from dist/.vite/manifest.json, gzip level 9, kB = 1000 bytes. A page's initial JS is what
// the browser fetches before that page hydrates: index.html's script (src/boot.ts), the app it imports
// (src/main.tsx) with everything main imports statically, and the page's chunk with its imports. What the
// page loads later (the idle start's background work, popups, other pages) is not in it.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

interface Chunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}

/** The pages the Lighthouse section measures, by their source. */
export const MEASURED_PAGES = {
  '/': 'src/features/catalog/HomePage.tsx',
  '/kupalniki': 'src/features/catalog/ListingPage.tsx',
  'a product page': 'src/features/product/ProductPage.tsx',
  '/blog': 'src/features/content/PostListPage.tsx',
  '/basket': 'src/features/basket/BasketPage.tsx',
} as const;

export interface BundleFigures {
  /** Initial JS of each measured page, in kB, and how many files it is. */
  initialJs: Record<keyof typeof MEASURED_PAGES, { kb: number; files: number }>;
  appKb: number;
  largestRoute: { name: string; kb: number };
  swKb: number;
  cssKb: number;
  chunks: { file: string; kb: number }[];
}

const kb = (bytes: number) => Math.round(bytes / 100) / 10;

export function bundleFigures(distDir: string): BundleFigures {
  const manifest = JSON.parse(readFileSync(path.join(distDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, Chunk>;
  const gz = (file: string) => gzipSync(readFileSync(path.join(distDir, file)), { level: 9 }).length;
  const closure = (key: string, seen = new Set<string>()): Set<string> => {
    if (seen.has(key) || !manifest[key]) return seen;
    seen.add(key);
    for (const dep of manifest[key].imports ?? []) closure(dep, seen);
    return seen;
  };
  const sum = (keys: Iterable<string>) => [...keys].reduce((n, k) => n + gz(manifest[k].file), 0);
  const app = new Set([...closure('index.html'), ...closure('src/main.tsx')]);
  const initialJs = Object.fromEntries(
    Object.entries(MEASURED_PAGES).map(([page, src]) => {
      const files = closure(src, new Set(app));
      return [page, { kb: kb(sum(files)), files: files.size }];
    }),
  ) as BundleFigures['initialJs'];
  const routeKeys = Object.keys(manifest).filter((k) => k.includes('/features/') && !manifest[k].isEntry);
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
