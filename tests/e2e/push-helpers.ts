// What the e2e tests of Web Push share: the in-app prompt, adding a favourite (which brings the prompt), and
// the stand-in push service that subscribes this browser (Chromium here has no push service of its own).
import type { BrowserContext, Page } from '@playwright/test';
import type { PushSubscriptionLike } from '../support/push-service.ts';
import { expect } from './fixtures.ts';

export const prompt = (page: Page) => page.getByTestId('push-prompt');
/** After a favourite: the page has asked the browser about this device's subscription (as the prompt's check does). */
export const promptChecked = (page: Page) =>
  page.evaluate(async () => {
    await (await navigator.serviceWorker.getRegistration())?.pushManager.getSubscription();
  });
/** Adds the first listed offer not yet a favourite, and waits until its heart shows it. */
export async function addFavourite(page: Page): Promise<void> {
  const liked = page.getByRole('button', { name: 'Убрать из избранного' });
  const before = await liked.count();
  await page.getByRole('button', { name: 'Добавить в избранное' }).first().click();
  await expect(liked).toHaveCount(before + 1);
}

/**
 * Chromium without a browser push service (headless, no network) cannot subscribe: the test stands in for
 * it with tests/support/push-service.ts, the stand-in push service this run started (tests/e2e/setup.ts), the
 * nearest real thing on this machine. pushManager.subscribe asks it for a subscription for the shop's key
 * (over HTTP, from the test), getSubscription answers the one held, unsubscribe drops it; the endpoint is
 * the stand-in's, which the shop accepts (PUSH_SERVICES, playwright.config.ts).
 */
export async function standInPushService(context: BrowserContext): Promise<{ current: () => PushSubscriptionLike | null }> {
  let held: { json: PushSubscriptionLike; key: string } | null = null;
  await context.exposeFunction('standInPushSubscribe', async (key: string) => {
    const res = await fetch(`http://127.0.0.1:${process.env.E2E_PUSH_PORT}/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ applicationServerKey: key }),
    });
    if (!res.ok) throw new Error(`the stand-in push service refused: ${res.status} ${await res.text()}`);
    held = { json: (await res.json()) as PushSubscriptionLike, key };
    return held;
  });
  await context.exposeFunction('standInPushSubscription', () => held);
  await context.exposeFunction('standInPushUnsubscribe', () => {
    held = null;
  });
  await context.addInitScript(() => {
    type Held = { json: { endpoint: string; keys: Record<string, string> }; key: string };
    const page = window as unknown as {
      standInPushSubscribe(key: string): Promise<Held>;
      standInPushSubscription(): Promise<Held | null>;
      standInPushUnsubscribe(): Promise<void>;
    };
    const toBase64url = (source: BufferSource) => {
      const bytes =
        source instanceof ArrayBuffer ? new Uint8Array(source) : new Uint8Array(source.buffer, source.byteOffset, source.byteLength);
      return btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    };
    const fromBase64url = (text: string) =>
      Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0)).buffer;
    const subscription = (held: Held) => ({
      endpoint: held.json.endpoint,
      expirationTime: null,
      options: { userVisibleOnly: true, applicationServerKey: fromBase64url(held.key) },
      getKey: (name: string) => (held.json.keys[name] ? fromBase64url(held.json.keys[name]) : null),
      toJSON: () => held.json,
      unsubscribe: async () => {
        await page.standInPushUnsubscribe();
        return true;
      },
    });
    PushManager.prototype.subscribe = async function (options?: PushSubscriptionOptionsInit) {
      const key = options?.applicationServerKey;
      if (!key || typeof key === 'string') throw new DOMException('the shop passes its key as bytes', 'InvalidAccessError');
      return subscription(await page.standInPushSubscribe(toBase64url(key))) as unknown as PushSubscription;
    };
    PushManager.prototype.getSubscription = async function () {
      const held = await page.standInPushSubscription();
      return (held ? subscription(held) : null) as unknown as PushSubscription | null;
    };
  });
  return { current: () => held?.json ?? null };
}
