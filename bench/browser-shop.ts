// The shop as `npm run serve` runs it, on a fresh database and a copy of the build (so a build made meanwhile
// cannot change it under the bench), with Debian's Chromium beside it: what the bench's browser sections
// measure against. A build of another checkout (a worktree, `--first-tap-dist <worktree>/dist`) runs with
// that checkout's own server: what the server renders into the page (its inline script) belongs to the build.
// Both are stopped, and their folders removed, whatever the section does.
import { cpSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium, type Browser } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../scripts/chromium.ts';
import { startShop } from '../scripts/shop-process.ts';

/** What a section gets: the shop's address, the folder of its build's copy, and the browser. */
export interface BrowserShop {
  url: string;
  distDir: string;
  browser: Browser;
}

export async function withBrowserShop<T>(builtDir: string, name: string, measure: (shop: BrowserShop) => Promise<T>): Promise<T> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `bench-${name}-data-`));
  const distDir = mkdtempSync(path.join(tmpdir(), `bench-${name}-dist-`));
  try {
    cpSync(builtDir, distDir, { recursive: true });
    const ownServer = path.resolve(builtDir, '..', 'server', 'main.ts');
    const shop = await startShop(
      { DATA_DIR: dataDir, DIST_DIR: distDir, DATABASE_URL: '', LOG_LEVEL: 'warn' },
      undefined,
      existsSync(ownServer) ? ownServer : undefined,
    );
    try {
      const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS });
      try {
        return await measure({ url: shop.url, distDir, browser });
      } finally {
        await browser.close();
      }
    } finally {
      await shop.stop();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true, maxRetries: 5 });
    rmSync(distDir, { recursive: true, force: true, maxRetries: 5 });
  }
}
