// The shop's service worker as DevTools sees it, for the tests that fire what only the browser can (a
// Background Sync, a push message): a DevTools session held by a page of no origin (so it is no tab of the
// shop, and the shop's tabs can all close), and the registration id of the shop's worker; and the wait until
// the worker controls a page (a page goes offline only after that).
import { expect, type BrowserContext, type CDPSession, type Page } from '@playwright/test';

/** Until the shop's service worker controls the page. */
export const controlled = (page: Page) => page.waitForFunction(() => navigator.serviceWorker.controller !== null);

export interface WorkerDevtools {
  cdp: CDPSession;
  origin: string;
  registrationId: string;
}

/** Opens the DevTools session and waits until it knows the shop's registration at origin. */
export async function serviceWorkerDevtools(context: BrowserContext, origin: string): Promise<WorkerDevtools> {
  const cdp = await context.newCDPSession(await context.newPage());
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (e) => registrations.push(...e.registrations));
  await cdp.send('ServiceWorker.enable');
  const shops = () => registrations.find((r) => r.scopeURL === `${origin}/` && !r.isDeleted);
  await expect.poll(shops).toBeTruthy();
  return { cdp, origin, registrationId: shops()!.registrationId };
}
