// Web Push in Chromium: the service worker shows a push as a notification (delivered through DevTools, as
// the browser's push service would), a neutral one for a push it cannot read; the in-app prompt comes only
// after a favourite is added and «Не сейчас» keeps it away; turning notifications on subscribes this device
// with the shop, and the settings on /send keep a kind turned off across a reload.
import type { Page } from '@playwright/test';
import type { PushMessage } from '../../common/contract/push.ts';
import { NEUTRAL_PUSH } from '../../sw/push.ts';
import { expect, test } from './fixtures.ts';
import { controlled, serviceWorkerDevtools } from './service-worker-devtools.ts';
import { addFavourite, prompt, promptChecked, standInPushService } from './push-helpers.ts';

/** The notifications the service worker shows now, as the page's registration lists them. */
const shownNotifications = (page: Page) =>
  page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      url: (n.data as { url?: unknown } | null)?.url,
    }));
  });

test('the service worker shows a push as a notification, and a neutral one for a push it cannot read', async ({ page, context }) => {
  await page.goto('/');
  await controlled(page);
  // Controlling comes with the claim during activation: the push goes to a worker that has finished activating.
  await expect.poll(() => page.evaluate(async () => (await navigator.serviceWorker.ready).active?.state)).toBe('activated');
  const origin = new URL(page.url()).origin;
  await context.grantPermissions(['notifications'], { origin });

  // DevTools delivers the pushes (a push service would).
  const { cdp, registrationId } = await serviceWorkerDevtools(context, origin);

  const message: PushMessage = {
    kind: 'price_drop',
    title: 'Цена на товар из избранного снизилась',
    body: 'Купальник теперь дешевле. Успейте заказать.',
    url: '/kupalniki',
    tag: 'price-e2e',
    version: 1,
  };
  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: JSON.stringify(message) });
  // Polled: waitForFunction does not wait for an async predicate's answer.
  await expect
    .poll(() => shownNotifications(page), { timeout: 20_000 }) // a worker woken under load may take a while
    .toContainEqual({ title: message.title, body: message.body, tag: message.tag, url: message.url });

  await cdp.send('ServiceWorker.deliverPushMessage', { origin, registrationId, data: 'не JSON' });
  await expect
    .poll(() => shownNotifications(page), { timeout: 20_000 }) // a worker woken under load may take a while
    .toContainEqual({ title: NEUTRAL_PUSH.title, body: NEUTRAL_PUSH.body, tag: NEUTRAL_PUSH.tag, url: '/' });
});

test('the prompt comes after a favourite is added, not on load, and «Не сейчас» keeps it away', async ({ page }) => {
  await page.goto('/kupalniki');
  await controlled(page); // the page's background work has started: nothing offers notifications by itself
  await expect(prompt(page)).toBeHidden();

  await addFavourite(page);
  await expect(prompt(page)).toBeVisible();
  await expect(prompt(page)).toContainText('Сообщить, когда товар из избранного снова появится в вашем размере или подешевеет?');
  await expect(prompt(page).getByRole('button', { name: 'Включить уведомления' })).toBeVisible();

  await prompt(page).getByRole('button', { name: 'Не сейчас' }).click();
  await expect(prompt(page)).toBeHidden();

  await page.reload();
  // The saved favourite shows once the page has read it back (after its first paint): only then is the first
  // heart still empty another offer's.
  await expect(page.getByRole('button', { name: 'Убрать из избранного' })).toHaveCount(1);
  await addFavourite(page);
  await expect(page.getByRole('button', { name: 'Убрать из избранного' })).toHaveCount(2);
  // «Не сейчас» is kept on the device (the 30 days are the prompt's unit test's), and the card stays away.
  expect(await page.evaluate(() => localStorage.getItem('pushPromptDismissed'))).toMatch(/^\d+$/);
  await promptChecked(page);
  await expect(prompt(page)).toBeHidden();
});

test('turning notifications on subscribes this device; its settings keep a kind turned off', async ({ page, context }) => {
  const push = await standInPushService(context);
  await page.goto('/kupalniki');
  await controlled(page);
  await addFavourite(page);
  await expect(prompt(page)).toBeVisible();

  // The shopper allows notifications when the browser asks.
  await context.grantPermissions(['notifications'], { origin: new URL(page.url()).origin });
  await prompt(page).getByRole('button', { name: 'Включить уведомления' }).click();
  await expect(prompt(page)).toBeHidden();
  expect(push.current()?.endpoint).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${process.env.E2E_PUSH_PORT}/push/`));

  await page.goto('/send');
  const settings = page.getByTestId('push-settings');
  await expect(settings.getByRole('heading', { name: 'Уведомления на этом устройстве' })).toBeVisible();
  const priceDrop = settings.getByRole('checkbox', { name: 'Цена на товар из избранного снизилась' });
  const orderStatus = settings.getByRole('checkbox', { name: 'Заказ оплачен, отменён или отправлен' });
  await expect(priceDrop).toBeChecked();
  await expect(orderStatus).toBeChecked();

  await priceDrop.uncheck();
  await expect(priceDrop).not.toBeChecked();
  await expect(priceDrop).toBeEnabled(); // saved: the shop answered what it keeps

  await page.reload();
  await expect(orderStatus).toBeChecked(); // the settings are loaded from the shop again
  await expect(priceDrop).not.toBeChecked();

  const endpoint = push.current()!.endpoint;
  await settings.getByRole('button', { name: 'Отключить уведомления на этом устройстве' }).click();
  // Enabled again once the shop has been told (the button is disabled while it is).
  await expect(settings.getByRole('button', { name: 'Включить уведомления' })).toBeEnabled();
  expect(push.current()).toBeNull();
  // The shop has forgotten the device too: its settings can no longer be changed.
  const left = await page.request.put('/api/v1/push/settings', { data: { endpoint, kinds_off: [] } });
  expect(left.status()).toBe(404);
});
