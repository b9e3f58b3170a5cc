// The page renderer the server runs: Vite's SSR build of the app (dist/server/entry-server.js), loaded by
// its file path (the server imports nothing of src/), and loaded again when a new build replaces it, so a
// running server never renders with an older build than the page's scripts. Without the file (the API's
// tests, a build without it) pages are sent without rendered content, as a shell the app fills.
import { statSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { BasketItem } from '../../common/contract/basket.ts';
import type { PageAnswers } from './page-answers.ts';

/**
 * What the server tells the rendering of the visitor: nothing personal on a page kept for everybody; on a
 * personal page (the route's `personal`, never kept) the shopper's confirmed basket.
 */
export interface PageVisitor {
  /** No acceptance cookie: the cookie notice is rendered into the page. */
  cookieNotice: boolean;
  /** The shopper's confirmed basket, on a personal page for a shopper the server could tell. */
  basket?: BasketItem[];
}

/** What the SSR entry (src/entry-server.tsx) exports. */
export interface PageRenderer {
  buildId: string;
  /** Renders the page at `url` with the answers the server loaded for it (page-answers.ts). */
  render(
    url: string,
    answers: PageAnswers,
    visitor: PageVisitor,
  ): Promise<{ html: string; seeds: Record<string, unknown>; page: string | null }>;
}

export function ssrBundle(distDir: string): () => Promise<PageRenderer | null> {
  const file = path.join(distDir, 'server', 'entry-server.js');
  let loaded: { mtimeMs: number; renderer: Promise<PageRenderer> } | null = null;
  return async () => {
    const stat = statSync(file, { throwIfNoEntry: false });
    if (!stat) return null;
    const { mtimeMs } = stat;
    if (loaded?.mtimeMs !== mtimeMs) {
      // A new query string is a new module to the loader: the rebuilt file is read, not the cached one.
      loaded = { mtimeMs, renderer: import(`${pathToFileURL(file).href}?v=${mtimeMs}`) as Promise<PageRenderer> };
    }
    return loaded.renderer;
  };
}
