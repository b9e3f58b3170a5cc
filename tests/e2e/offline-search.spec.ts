// Offline, the shop still finds what the shopper has seen: a search never made online answers from the
// offer cards the app kept (the search worker's index), marked as offline results, with the readings the
// server's search has (word forms, the wrong keyboard layout); the favourites show their saved cards.
import type { Page } from '@playwright/test';
import { SEEN_OFFERS_IDB } from '../../common/storage-keys.ts';
import { expect, test } from './fixtures.ts';
import { controlled } from './service-worker-devtools.ts';

/** The names of the offers the offline search keeps on this device (read from its IndexedDB database). */
const seenNames = (page: Page) =>
  page.evaluate(async ({ database, store }) => {
    if (!(await indexedDB.databases()).some((d) => d.name === database)) return [];
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const open = indexedDB.open(database);
      open.onsuccess = () => resolve(open.result);
      open.onerror = () => reject(open.error);
    });
    if (!db.objectStoreNames.contains(store)) return [];
    const rows = await new Promise<{ offer: { name: string } }[]>((resolve) => {
      const all = db.transaction(store).objectStore(store).getAll();
      all.onsuccess = () => resolve(all.result);
    });
    db.close();
    return rows.map((r) => r.offer.name);
  }, SEEN_OFFERS_IDB);

/** What a word looks like typed with the Latin keyboard layout on (the shop reads it back as Russian). */
const onLatinLayout = (word: string) =>
  [...word.toLowerCase()].map((ch) => "qwertyuiop[]asdfghjkl;'zxcvbnm,.`"['йцукенгшщзхъфывапролджэячсмитьбюё'.indexOf(ch)] ?? ch).join('');

test('offline, a search never made online finds the offers seen on the home page, in any reading', async ({ page, context }) => {
  await page.goto('/');
  await controlled(page);
  const names = await page.getByTestId('new-list').locator('.offer-card__name').allInnerTexts();
  const name = names[names.length - 1];
  // The distinctive Russian word of the name (a Latin brand word would read the same on either layout), as a
  // shopper would type it: «Амальфи» -> амальфи.
  const word = name
    .replace(/[«»"]/g, '')
    .split(' ')
    .filter((w) => /[а-яё]/i.test(w))
    .reduce((a, b) => (b.length > a.length ? b : a));
  await expect.poll(() => seenNames(page), { timeout: 15_000 }).toContain(name);

  await context.setOffline(true);
  const bar = page.getByRole('search', { name: 'Поиск по каталогу' });
  await bar.getByRole('searchbox').fill(word.toLowerCase());
  await bar.getByRole('button', { name: 'Найти' }).click();
  await expect(page.getByTestId('offline-results')).toBeVisible();
  await expect(page.getByTestId('listing-grid').locator('.offer-card__name', { hasText: name })).toHaveCount(1);
  await expect(page.getByText('Не удалось загрузить товары')).toHaveCount(0);

  // Opened offline as an address (the service worker's shell), typed on the wrong layout.
  await page.goto(`/search?searchParam=${encodeURIComponent(onLatinLayout(word))}`);
  await expect(page.getByTestId('offline-results')).toBeVisible();
  await expect(page.getByTestId('listing-grid').locator('.offer-card__name', { hasText: name })).toHaveCount(1);

  await context.setOffline(false);
});

test('offline, the favourites show the saved cards of offers seen before', async ({ page, context }) => {
  await page.goto('/kupalniki');
  await controlled(page);
  const cards = page.getByTestId('listing-grid').locator('.offer-card');
  const picked = [cards.nth(0), cards.nth(1)];
  const names = await Promise.all(picked.map((c) => c.locator('.offer-card__name').innerText()));
  for (const card of picked) await card.getByRole('button', { name: 'Добавить в избранное' }).click();
  await expect.poll(() => seenNames(page), { timeout: 15_000 }).toEqual(expect.arrayContaining(names));

  await context.setOffline(true);
  await page.goto('/favorite');
  await expect(page.getByTestId('offline-favorites')).toBeVisible();
  await expect(page.getByTestId('favorites-grid').locator('.offer-card__name')).toHaveText(names, { useInnerText: true });
  await expect(page.getByText('Не удалось загрузить избранное')).toHaveCount(0);
  await context.setOffline(false);
});
