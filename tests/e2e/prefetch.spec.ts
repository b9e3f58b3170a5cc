// Fetching ahead: a card that has been in view has its product page (chunk and answer) fetched before the
// tap, so it opens even when the connection drops right before; a page come back to draws what it showed;
// with Save-Data on nothing is fetched ahead.
import type { Page, Request } from '@playwright/test';
import { expect, test } from './fixtures.ts';

const isProductAnswer = (r: Request, pk?: string) =>
  r.url().includes('/v1/product_offer/') && (pk === undefined || new URL(r.url()).searchParams.get('pk') === pk);

/** The first card of the listing: its link, its name and the product's pk (the digits segment of its address). */
async function firstCard(page: Page) {
  const card = page.getByTestId('listing-grid').locator('.offer-card').first();
  const link = card.locator('a.offer-card__link');
  const href = (await link.getAttribute('href'))!;
  const pk = href.split('/').find((segment) => /^\d+$/.test(segment))!;
  return { link, pk, name: (await card.locator('.offer-card__name').innerText()).trim() };
}

test('a card that stayed in view opens offline, and Back draws the listing it came from', async ({ page, context }) => {
  // Every product answer from the first load on: the card's may come before the test has read which card it is.
  const answered: string[] = [];
  page.on('response', (res) => {
    if (isProductAnswer(res.request()) && res.ok()) answered.push(new URL(res.url()).searchParams.get('pk')!);
  });
  await page.goto('/kupalniki');
  const { link, pk, name } = await firstCard(page);
  // The card is on screen: its product is fetched ahead without any tap.
  await expect.poll(() => answered, { timeout: 15_000 }).toContain(pk);

  await context.setOffline(true);
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  await expect(page.getByText('Не удалось загрузить')).toHaveCount(0);

  await page.goBack();
  await expect(page.getByTestId('listing-grid').locator('.offer-card__name', { hasText: name }).first()).toBeVisible();
  // The server's listing as it was shown, not the offline search's answer from the cards seen.
  await expect(page.getByTestId('offline-results')).toHaveCount(0);
  await context.setOffline(false);
});

test('with Save-Data on, nothing is fetched ahead: only the product tapped is asked', async ({ page }) => {
  // Chromium sets Save-Data from the system's or an extension's setting, neither of which a test can reach:
  // the Network Information API answers as it would with it on.
  await page.addInitScript(() => {
    Object.defineProperty(Navigator.prototype, 'connection', { get: () => ({ saveData: true, effectiveType: '4g' }) });
  });
  const asked: string[] = [];
  page.on('request', (r) => {
    if (isProductAnswer(r)) asked.push(new URL(r.url()).searchParams.get('pk')!);
  });
  // The page's clock is the test's: the time a card must be seen or rested on (250 ms, 80 ms) passes, with
  // every timer due in it fired, when the test says, however slow the machine. (The clock also runs on as
  // usual; pausing it at "now" raced it: on a loaded machine the page's now had moved on before the pause.)
  await page.clock.install();
  await page.goto('/kupalniki');
  const { link, pk, name } = await firstCard(page);
  await link.hover();
  await link.focus();
  await page.clock.runFor(2_000);
  expect(asked).toEqual([]);

  // Then the tap: only its product is asked (a card fetched ahead meanwhile would be asked too).
  await link.click();
  await expect(page.getByRole('heading', { level: 1, name })).toBeVisible();
  expect(asked).toEqual([pk]);
});
