// The moves inside the app of `npm run bench` (`--only nav`): a tap on an offer card of /kupalniki, on the
// bench's phone (4x CPU, slow 4G), timed in the page from the tap's pointerdown (the event's own time stamp)
// to the first frame painted with the product's name as the page's heading. Each of TIMES cards is read on
// screen for READ_MS before its tap (a product never visited: what fetching ahead can have done by then), then
// the shopper goes back and taps it again (a product visited). Without the service worker: the throttling
// would not reach its requests (phone-page.ts). The p75 of each beside its aim; nothing passes or fails.
import type { Locator, Page } from '@playwright/test';
import { withBrowserShop } from './browser-shop.ts';
import { ms, p75 } from './figures.ts';
import { CPU_SLOWDOWN } from './phone.ts';
import { arrive, phonePage } from './phone-page.ts';

const TIMES = 3;
/** How long a card is on screen before it is tapped. */
const READ_MS = 2_000;
const AIMS = { unvisited: 300, visited: 100 };

/**
 * Taps the link and resolves with the time from the tap's pointerdown to the frame painted after the heading
 * shows `name` (a frame requested once it does, then a task after that frame: the frame has been drawn).
 */
async function tapUntilHeading(page: Page, link: Locator, name: string): Promise<number> {
  // A string: the bench is typed for Node, without the DOM's types.
  const timed = page.evaluate(`new Promise((resolve) => {
    addEventListener('pointerdown', (e) => {
      const check = () => {
        if (document.querySelector('h1')?.textContent?.trim() === ${JSON.stringify(name)})
          requestAnimationFrame(() => setTimeout(() => resolve(performance.now() - e.timeStamp)));
        else requestAnimationFrame(check);
      };
      check();
    }, { capture: true, once: true });
  })`) as Promise<number>;
  try {
    await link.tap();
  } catch (err) {
    timed.catch(() => undefined);
    throw err;
  }
  return timed;
}

export async function navigationSection(opts: { distDir: string }): Promise<void> {
  await withBrowserShop(opts.distDir, 'nav', async ({ url, browser }) => {
    console.log(
      `\nMoves inside the app on a phone (${CPU_SLOWDOWN}x CPU, slow 4G): tap on a card of /kupalniki to its product's heading painted, p75 of ${TIMES}`,
    );
    const times = { unvisited: [] as number[], visited: [] as number[] };
    const { context, page } = await phonePage(browser, { noServiceWorker: true });
    try {
      await arrive(page, url + '/kupalniki');
      for (let card = 0; card < TIMES; card++) {
        const offer = page.getByTestId('listing-grid').locator('.offer-card').nth(card);
        const link = offer.locator('a.offer-card__link');
        const name = (await offer.locator('.offer-card__name').innerText()).trim();
        await link.scrollIntoViewIfNeeded();
        await page.waitForTimeout(READ_MS);
        times.unvisited.push(await tapUntilHeading(page, link, name));
        await page.goBack();
        await page.getByTestId('listing-grid').waitFor();
        await page.waitForTimeout(READ_MS);
        times.visited.push(await tapUntilHeading(page, link, name));
        await page.goBack();
        await page.getByTestId('listing-grid').waitFor();
      }
    } finally {
      await context.close();
    }
    const row = (which: keyof typeof times, label: string) => [
      label,
      {
        p75: ms(p75(times[which])),
        each: times[which].map(ms).join(', '),
        aim: `≤ ${AIMS[which]} ms`,
        met: p75(times[which]) <= AIMS[which] ? 'yes' : 'no',
      },
    ];
    console.table(
      Object.fromEntries([
        row('unvisited', `a product never visited, its card ${READ_MS / 1000} s on screen`),
        row('visited', 'the same product again, after Back'),
      ]),
    );
  });
}
