// A new version of the shop reaches every open tab: deployed while two tabs are open (the service worker's
// script changes, as each build's does), it is offered in both; the tab where the shopper accepts it reloads
// under the new version, and the other keeps what the shopper was typing and only says so. The deploy is
// real: the served dist/sw.js changes on disk (the server reads it afresh on each request); this spec runs in
// a project of its own after every other (playwright.config.ts), so no other test meets the new version.
import { readFileSync, writeFileSync } from 'node:fs';
import { expect, test } from './fixtures.ts';
import { controlled } from './service-worker-devtools.ts';

const SW_FILE = 'dist/sw.js';

test('a new version is offered in every tab, and accepting it in one never discards a form half-filled in another', async ({ context }) => {
  const a = await context.newPage();
  await a.goto('/');
  await controlled(a);
  const field = a.getByRole('search', { name: 'Поиск по каталогу' }).getByRole('searchbox');
  await field.fill('купальник слит');
  await a.evaluate(() => ((window as unknown as { stillThisPage: boolean }).stillThisPage = true));

  // The next build goes live: the browser's byte check of the worker's script finds it changed.
  const deployed = readFileSync(SW_FILE, 'utf8');
  writeFileSync(SW_FILE, `${deployed}\n// the next build\n`);
  try {
    await updateInBothTabs();
  } finally {
    writeFileSync(SW_FILE, deployed);
  }

  async function updateInBothTabs() {
    const b = await context.newPage();
    await b.goto('/kupalniki');
    await expect(b.getByText('Доступна новая версия магазина.')).toBeVisible({ timeout: 20_000 });
    await expect(a.getByText('Доступна новая версия магазина.')).toBeVisible({ timeout: 20_000 });

    const reloaded = b.waitForEvent('load');
    await b.getByRole('button', { name: 'Обновить', exact: true }).click();
    await reloaded;
    // The reloaded tab answers (the app has taken over its HTML) under the new version: no other waits.
    await b.waitForSelector('html[data-ready]', { state: 'attached' });
    await expect
      .poll(() =>
        b.evaluate(async () => {
          const registration = await navigator.serviceWorker.getRegistration();
          return { waiting: !!registration?.waiting, installing: !!registration?.installing };
        }),
      )
      .toEqual({ waiting: false, installing: false });
    await expect(b.getByText('Доступна новая версия магазина.')).toHaveCount(0);

    await expect(a.getByText('Магазин обновился в другой вкладке. Обновите эту страницу, когда закончите с ней.')).toBeVisible();
    await expect(field).toHaveValue('купальник слит');
    expect(await a.evaluate(() => (window as unknown as { stillThisPage?: boolean }).stillThisPage)).toBe(true);
  }
});
