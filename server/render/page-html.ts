// A page's HTML: the built index.html with the page's head (head-html.ts), the stylesheet inlined
// (one small file: no request before the first paint), the record of the shopper's first taps at the top
// (common/early-input-script.ts: the one inline script, which the CSP admits by its hash), the build it was
// rendered by, the rendered app in #root and the data it was rendered with as JSON (a data block the browser
// never runs), and modulepreload links of the chunks it hydrates with, at a low priority. Without a rendering, the shell the app fills
// by itself (nothing on it to tap before the app).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { dataBlock } from '../../common/page-data.ts';
import { EARLY_INPUT_SCRIPT } from '../../common/early-input-script.ts';
import { withHead } from './head-html.ts';
import type { PageHead } from './page-head.ts';

/** JSON inside <script>: nothing in it may close the element or start a comment. */
const scriptSafe = (json: string) =>
  json
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');

const STYLESHEET = /<link rel="stylesheet"[^>]*href="(\/assets\/[^"]+\.css)"[^>]*>/g;

/** index.html with its stylesheets' text in <style> elements instead of links (read once per file). */
export function inlineStylesheets(html: string, distDir: string, cssCache: Map<string, string>): string {
  return html.replace(STYLESHEET, (link, href: string) => {
    let css = cssCache.get(href);
    if (css === undefined) {
      const file = path.join(distDir, href);
      if (!existsSync(file)) return link;
      cssCache.set(href, (css = readFileSync(file, 'utf8')));
    }
    return `<style>${css.replace(/<\/style/gi, '<\\/style')}</style>`;
  });
}

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The app's entry in the build's manifest: src/boot.ts imports it after the page's first paint. */
const APP_ENTRY = 'src/main.tsx';

/**
 * The chunks a page needs to hydrate beyond what index.html already loads, from the build's manifest
 * (dist/.vite/manifest.json): the app's entry and the page's chunk, and the chunks they import, for the
 * page's modulepreload links.
 */
export function hydrationChunks(manifest: Record<string, ManifestChunk>, src: string | null, template: string): string[] {
  const files = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const dep of chunk.imports ?? []) visit(dep);
  };
  visit(APP_ENTRY);
  if (src) visit(src);
  return [...files].filter((file) => !template.includes(`/${file}"`));
}

export function readManifest(distDir: string): Record<string, ManifestChunk> {
  const file = path.join(distDir, '.vite', 'manifest.json');
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, ManifestChunk>) : {};
}

export interface Rendered {
  html: string;
  seeds: Record<string, unknown>;
  buildId: string;
  /** Chunks the page needs to hydrate (the app's, its own and what they import): preloaded at a low priority. */
  preload: string[];
}

export function pageHtml(template: string, head: PageHead, siteName: string, rendered: Rendered | null): string {
  const withPageHead = withHead(template, head, siteName);
  if (!rendered) return withPageHead;
  // Fetched from the page's start, below its content and pictures in priority; src/boot.ts runs them after the
  // first paint.
  const preloads = rendered.preload.map((file) => `    <link rel="modulepreload" fetchpriority="low" href="/${file}" />\n`).join('');
  return withPageHead
    .replace('</head>', () => `  <meta name="shop-build" content="${rendered.buildId}" />\n${preloads}  </head>`)
    .replace(
      '<div id="root"></div>',
      // The record of first taps right before the page's content: it runs before anything can be tapped.
      () =>
        `<script>${EARLY_INPUT_SCRIPT}</script>\n    <div id="root">${rendered.html}</div>\n    ${dataBlock(scriptSafe(JSON.stringify(rendered.seeds)))}`,
    );
}
