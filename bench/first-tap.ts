// The first-tap section of `npm run bench` (`--only first-tap`): on the bench's phone (phone.ts: 4x CPU, slow
// 4G), a shopper taps the moment a control is painted, whether or not the app has started: a size and then
// «Добавить в корзину» on a product page, and the menu on a listing; on a first visit (a new browser context)
// and on a repeat visit (the same context again, its service worker and caches from the first). Printed per
// case, 3 runs: how many took effect (the page said «Добавлено в корзину.» or the basket page showed the line
// the browser's form added; the menu opened) within 60 s, when (the median from the navigation's start, and
// from the last tap: «Добавить в корзину» after the size), when the app had hydrated (on the page the effect
// showed on), and how many took effect before the app had started (by the page's first script, or by the
// browser's own form), beside the aim. `--first-tap-dist <dir>`
// measures another build beside this one (the code before a change, built in a worktree) in the same run.
// Nothing passes or fails.
import type { BrowserContext, Page } from '@playwright/test';
import { withBrowserShop } from './browser-shop.ts';
import { median, ms } from './figures.ts';
import { phonePage } from './phone-page.ts';
import { productOf } from './interactions.ts';
import { until } from './offline-visit.ts';

const RUNS = 3;
const AIM_MS = 1500;
const EFFECT_WAIT_MS = 60_000;

// Runs in every document before its own scripts: the last tap's time (a window listener, ahead of the page's
// own: the tap whose effect is waited for, «Добавить в корзину» after the size), when the app marked the page hydrated, and when the effect the case waits for showed. The tap and the
// effect are kept in sessionStorage, as times since the epoch: a form the browser sends (the add to basket
// on a first visit) shows its effect on the page the server answers with, another document. A string: the
// bench is typed for Node, without the DOM's types.
const WATCH_SCRIPT = `(() => {
  const now = () => performance.timeOrigin + performance.now();
  addEventListener('pointerdown', (e) => sessionStorage.setItem('bench:tapAt', String(performance.timeOrigin + e.timeStamp)), true);
  new MutationObserver(() => {
    if (window.__readyAt === undefined && document.documentElement?.hasAttribute('data-ready')) window.__readyAt = now();
    const effect = sessionStorage.getItem('bench:effect');
    if (effect && !sessionStorage.getItem('bench:effectAt') && document.querySelector(effect)) sessionStorage.setItem('bench:effectAt', String(now()));
  }).observe(document, { attributes: true, childList: true, subtree: true, characterData: true });
})();`;

interface Case {
  name: string;
  url: (shop: { product: string }) => string;
  /** What shows when the tap took effect (a CSS selector). */
  effect: string;
  taps(page: Page, shop: { sizes: string[] }): Promise<void>;
}

const CASES: readonly Case[] = [
  {
    name: 'a size, then «Добавить в корзину» (product page)',
    url: (shop) => shop.product,
    // Said on the page (by the app, or by the page's first script that sent the form), or the line on the basket
    // page (the browser sent the form).
    effect: '.add-to-basket [role="status"]:not(:empty), .basket-line[data-ext-id]',
    taps: async (page, shop) => {
      await page.locator(`input[value="${shop.sizes[0]}"]`).check({ force: true, timeout: EFFECT_WAIT_MS });
      await page.getByRole('button', { name: 'Добавить в корзину' }).click({ timeout: EFFECT_WAIT_MS });
    },
  },
  {
    name: 'the menu (listing)',
    url: () => '/kupalniki',
    effect: 'dialog#mobile-menu[open]',
    taps: async (page) => {
      await page.getByRole('button', { name: 'Меню', exact: true }).click({ timeout: EFFECT_WAIT_MS });
    },
  },
];

interface Run {
  tookEffect: boolean;
  effectMs: number;
  sinceTapMs: number;
  readyMs: number;
  /** The effect showed before the app had started, or on another document (the browser sent the form). */
  beforeApp: boolean;
}

async function runOnce(page: Page, url: string, c: Case, shop: { sizes: string[] }): Promise<Run> {
  await page.goto(url, { waitUntil: 'commit' });
  const startAt = (await page.evaluate(
    `sessionStorage.setItem('bench:effect', ${JSON.stringify(c.effect)}); performance.timeOrigin`,
  )) as number;
  await c.taps(page, shop);
  const tookEffect = await until(page, "sessionStorage.getItem('bench:effectAt') !== null", 'the effect', EFFECT_WAIT_MS).then(
    () => true,
    () => false,
  );
  await page.locator('html[data-ready]').waitFor({ state: 'attached', timeout: EFFECT_WAIT_MS });
  const times = (await page.evaluate(
    "({ effectAt: Number(sessionStorage.getItem('bench:effectAt') ?? NaN), tapAt: Number(sessionStorage.getItem('bench:tapAt') ?? NaN), readyAt: window.__readyAt ?? NaN, page: performance.timeOrigin })",
  )) as { effectAt: number; tapAt: number; readyAt: number; page: number };
  await page.evaluate(
    "sessionStorage.removeItem('bench:effect'); sessionStorage.removeItem('bench:effectAt'); sessionStorage.removeItem('bench:tapAt')",
  );
  return {
    tookEffect,
    effectMs: tookEffect ? times.effectAt - startAt : NaN,
    sinceTapMs: tookEffect ? times.effectAt - times.tapAt : NaN,
    readyMs: times.readyAt - startAt,
    beforeApp: times.page !== startAt || times.effectAt < times.readyAt,
  };
}

async function measureBuild(builtDir: string, label: string): Promise<Record<string, Record<string, string>>> {
  return withBrowserShop(builtDir, 'first-tap', async ({ url, browser }) => {
    const shop = await productOf(url);
    const rows: Record<string, Record<string, string>> = {};
    for (const c of CASES) {
      const first: Run[] = [];
      const repeat: Run[] = [];
      for (let i = 0; i < RUNS; i++) {
        const { context, page } = await phonePage(browser, { initScript: WATCH_SCRIPT });
        try {
          first.push(await runOnce(page, url + c.url(shop), c, shop));
          // The same shopper again: a new tab of the same browser, its service worker there by now.
          const again = await (context as BrowserContext).newPage();
          await page.close();
          repeat.push(await runOnce(again, url + c.url(shop), c, shop));
        } finally {
          await context.close();
        }
      }
      for (const [visit, runs] of [
        ['first visit', first],
        ['repeat visit', repeat],
      ] as const) {
        rows[`${label}: ${c.name}, ${visit}`] = {
          'took effect': `${runs.filter((r) => r.tookEffect).length} of ${runs.length}`,
          'effect from the start': ms(median(runs.map((r) => r.effectMs))),
          'effect from the last tap': `${ms(median(runs.map((r) => r.sinceTapMs)))} (≤ ${AIM_MS} ms)`,
          'app hydrated': ms(median(runs.map((r) => r.readyMs))),
          'before the app': `${runs.filter((r) => r.beforeApp).length} of ${runs.length}`,
        };
      }
    }
    return rows;
  });
}

export async function firstTapSection(opts: { distDir: string; beforeDir?: string }): Promise<void> {
  console.log(
    `\nThe first tap on the phone (4x CPU, slow 4G), made the moment the control is painted; ${RUNS} runs each, medians` +
      (opts.beforeDir ? `; this build beside ${opts.beforeDir}` : ''),
  );
  const rows = {
    ...(opts.beforeDir ? await measureBuild(opts.beforeDir, 'before') : {}),
    ...(await measureBuild(opts.distDir, opts.beforeDir ? 'after' : 'this build')),
  };
  console.table(rows);
}
