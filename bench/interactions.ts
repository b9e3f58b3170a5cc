// The interactions section of `npm run bench` (`--only inp`): what a shopper feels after the first paint, on
// Lighthouse's phone (412x823 at 1.75x, touch, DevTools' 4x CPU slowdown and its slow 4G: 562.5 ms latency,
// 1.47 Mbit/s down, 675 kbit/s up). Each interaction is done ten times by Playwright in Debian's Chromium
// against the shop as `npm run serve` runs it, and timed by the browser's Event Timing API: an interaction's
// latency is the longest duration among its events (pointerdown, pointerup, click, input… share one
// interactionId), from the input to the next frame painted after its handlers, as INP counts it. Entries
// under 16 ms are not reported by the browser (its floor); such an interaction prints as "< 16 ms". The p75
// of the ten beside the aim (three rounds gave a p75 that moved by 50 ms from one run to the next), and when the page the interaction starts from was hydrated (from its
// navigation's start: a tap before then does nothing); nothing passes or fails.
import type { Page } from '@playwright/test';
import { withBrowserShop } from './browser-shop.ts';
import { CPU_SLOWDOWN } from './phone.ts';
import { arrive, phonePage } from './phone-page.ts';
import { p75 } from './figures.ts';
import type { Paged } from '../common/contract/base.ts';
import type { Offer, ProductOffer } from '../common/contract/catalog.ts';
import { categoryPathOf, matchRoute } from '../common/routes.ts';

const AIM_MS = 100;
const TIMES = 10;

// Runs in every document before its own scripts: every event entry with an interactionId, its longest
// duration kept per interaction; and when the app marked the page hydrated (<html data-ready>): until then a
// tap is not the app's. A string: the bench is typed for Node, without the DOM's types.
const EVENT_TIMING_SCRIPT = `(() => {
  window.__interactions = {};
  // The document, not its root: the root element may not be there yet when this runs.
  new MutationObserver((_, observer) => {
    if (!document.documentElement?.hasAttribute('data-ready')) return;
    window.__readyAt = performance.now();
    observer.disconnect();
  }).observe(document, { attributes: true, attributeFilter: ['data-ready'], subtree: true });
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) {
      if (!e.interactionId) continue;
      const seen = window.__interactions[e.interactionId];
      if (!seen || e.duration > seen.duration) window.__interactions[e.interactionId] = { name: e.name, duration: e.duration };
    }
  }).observe({ type: 'event', durationThreshold: 16, buffered: true });
})();`;

interface Interaction {
  name: string;
  /** Gets the page where the interaction can be done (not timed). */
  prepare(page: Page, shop: Shop): Promise<void>;
  /** What comes before each round's interaction, not timed (a size picked before adding it). */
  setup?(page: Page, round: number): Promise<void>;
  /** The interaction, and what the shopper waits to see after it. */
  act(page: Page, round: number): Promise<void>;
  /** Puts the page back for the next round (not timed). */
  reset?(page: Page): Promise<void>;
}

interface Shop {
  url: string;
  product: string;
  sizes: string[];
}

/** A round on a listing starts once the previous round's goods are drawn (a list not busy), as a shopper sees them. */
const listingSettled = (page: Page) => page.locator('.listing__results[aria-busy="false"]').waitFor({ timeout: 30_000 });

/** The sizes the size-picking rounds alternate between (set when that interaction is prepared). */
let chosenSizes: string[] = [];

const INTERACTIONS: readonly Interaction[] = [
  {
    name: 'pick a size (product page)',
    prepare: async (page, shop) => {
      chosenSizes = shop.sizes;
      await arrive(page, shop.url + shop.product);
    },
    act: async (page, round) => {
      await page.locator(`input[value="${chosenSizes[round % chosenSizes.length]}"]`).check({ force: true });
    },
  },
  {
    name: 'add to the basket (product page)',
    prepare: async (page, shop) => {
      chosenSizes = shop.sizes;
      await arrive(page, shop.url + shop.product);
    },
    setup: async (page, round) => {
      await page.locator(`input[value="${chosenSizes[round % chosenSizes.length]}"]`).check({ force: true });
      await page.waitForTimeout(300);
    },
    act: async (page) => {
      await page.getByRole('button', { name: 'Добавить в корзину' }).click();
      await page.getByText('Добавлено в корзину.').first().waitFor();
    },
  },
  {
    name: 'toggle a size filter (listing)',
    prepare: async (page, shop) => {
      await arrive(page, shop.url + '/kupalniki');
      await page.getByRole('button', { name: /^Фильтры/ }).click();
    },
    setup: listingSettled,
    act: async (page, round) => {
      const box = page.getByRole('group', { name: 'Размер' }).getByRole('checkbox', { name: 'M', exact: true });
      if (round % 2 === 0) await box.check();
      else await box.uncheck();
    },
  },
  {
    name: 'open the menu',
    prepare: async (page, shop) => void (await arrive(page, shop.url + '/')),
    act: async (page) => {
      await page.getByRole('button', { name: 'Меню', exact: true }).click();
      await page.getByRole('dialog', { name: 'Меню' }).waitFor();
    },
    reset: async (page) => {
      await page.keyboard.press('Escape');
      await page.getByRole('dialog', { name: 'Меню' }).waitFor({ state: 'hidden' });
    },
  },
  {
    name: 'open the search',
    prepare: async (page, shop) => void (await arrive(page, shop.url + '/')),
    // On a phone the field hides behind the header's button.
    act: async (page) => {
      await page.getByRole('button', { name: 'Поиск', exact: true }).click();
      await page.getByRole('search', { name: 'Поиск по каталогу' }).getByRole('searchbox').waitFor();
    },
    reset: async (page) => {
      await page.getByRole('button', { name: 'Поиск', exact: true }).click();
      await page.getByRole('search', { name: 'Поиск по каталогу' }).getByRole('searchbox').waitFor({ state: 'hidden' });
    },
  },
  {
    name: 'next page of a listing',
    prepare: async (page, shop) => void (await arrive(page, shop.url + '/kupalniki')),
    setup: listingSettled,
    act: async (page, round) => {
      const to = round % 2 === 0 ? 2 : 1;
      await page
        .getByRole('navigation', { name: 'Страницы' })
        .getByRole('link', { name: `Страница ${to}` })
        .click();
      await page.waitForURL(to === 2 ? /page=2/ : (u) => !u.search.includes('page=2'));
    },
  },
];

/** The latencies of the interactions that happened since `before` (ids), longest first. */
async function newInteractions(page: Page, before: Set<string>): Promise<number[]> {
  // Event entries arrive after the frame that followed the interaction: give it a moment at 4x.
  await page.waitForTimeout(500);
  const all = (await page.evaluate('window.__interactions')) as Record<string, { duration: number }>;
  return Object.entries(all)
    .filter(([id]) => !before.has(id))
    .map(([, e]) => e.duration)
    .sort((a, b) => b - a);
}

/** A product of the seed with two sizes in stock: its page's address and the sizes' ext_ids. */
export async function productOf(url: string): Promise<{ product: string; sizes: string[] }> {
  const data = encodeURIComponent(JSON.stringify({ categories: ['odezhda'] }));
  const page = (await (await fetch(`${url}/api/v1/offers/?limit=60&data=${data}`)).json()) as Paged<Offer>;
  for (const o of page.results) {
    const root = categoryPathOf(matchRoute(o.full_path_offer)!, o.full_path_offer);
    const p = (await (await fetch(`${url}/api/v1/product_offer/?categoryPath=${root}&pk=${o.id}`)).json()) as ProductOffer;
    const first = p.offer.colors[0]?.slug;
    const sizes = p.variants.filter((v) => v.kind === 'size' && v.stock >= 5 && v.color.slug === first).map((v) => v.ext_id);
    if (sizes.length >= 2) return { product: o.full_path_offer, sizes };
  }
  throw new Error('the seed has no product with two sizes in stock');
}

const shown = (ms: number) => (Number.isNaN(ms) ? 'not seen' : ms < 16 ? '< 16 ms' : `${Math.round(ms)} ms`);

export async function interactionsSection(opts: { distDir: string }): Promise<void> {
  await withBrowserShop(opts.distDir, 'inp', async ({ url, browser }) => {
    const shop: Shop = { url, ...(await productOf(url)) };
    console.log(`\nInteractions on a phone (${CPU_SLOWDOWN}x CPU, slow 4G; Event Timing, p75 of ${TIMES})`);
    const rows: Record<string, Record<string, string>> = {};
    for (const interaction of INTERACTIONS) {
      const { context, page } = await phonePage(browser, { initScript: EVENT_TIMING_SCRIPT });
      try {
        await interaction.prepare(page, shop);
        const readyAt = (await page.evaluate('window.__readyAt')) as number | undefined;
        // No observer, no figures: an interaction it never saw would otherwise print as fast.
        if (!(await page.evaluate('typeof window.__interactions === "object"')))
          throw new Error('the Event Timing observer is not running');
        const latencies: number[] = [];
        for (let round = 0; round < TIMES; round++) {
          await interaction.setup?.(page, round);
          const before = new Set(Object.keys((await page.evaluate('window.__interactions')) as object));
          await interaction.act(page, round);
          latencies.push((await newInteractions(page, before))[0] ?? 0);
          await interaction.reset?.(page);
        }
        const figure = p75(latencies);
        rows[interaction.name] = {
          'page hydrated at': readyAt === undefined ? 'not seen' : `${Math.round(readyAt)} ms`,
          p75: shown(figure),
          each: latencies.map(shown).join(', '),
          aim: `≤ ${AIM_MS} ms`,
          met: figure <= AIM_MS ? 'yes' : 'no',
        };
      } catch (err) {
        rows[interaction.name] = { p75: 'failed', each: String(err).split('\n')[0].slice(0, 120), aim: `≤ ${AIM_MS} ms`, met: '' };
      } finally {
        await context.close();
      }
    }
    console.table(rows);
  });
}
