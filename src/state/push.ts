// Store of Web Push on this device: whether the browser can show the shop's notifications, its permission,
// this device's subscription (its endpoint) and the kinds of notification it has turned off; and the in-app
// prompt, offered only after a meaningful moment (a favourite added, an order paid — never on a first
// load), only where it can work and has not been answered, and not again within 30 days of «Не сейчас»
// (localStorage `pushPromptDismissed`, through web-storage.ts, used only here). Subscribing, unsubscribing
// and the settings are push-subscription.ts's; keeping the watched favourites current is push-sync.ts's.
// Nothing here loads the API: the product cards import it.
import { proxy, useSnapshot } from 'valtio';
import type { PushKind } from '../../common/contract/push.ts';
import { STORAGE_KEYS } from '../../common/storage-keys.ts';
import { readStored, writeStored } from './web-storage.ts';

/** What brought the prompt: the question it asks follows it. */
export type PushMoment = 'favorite' | 'order';

export const push = proxy({
  /** False until the device has been read (on the server and before the page starts): nothing is claimed before. */
  known: false,
  supported: false,
  permission: 'default' as NotificationPermission,
  /** This device's subscription's endpoint; null when it has none. */
  endpoint: null as string | null,
  /** The kinds turned off, as the server last answered; null until it has for this subscription. */
  kindsOff: null as PushKind[] | null,
  /** The in-app prompt, shown while set. */
  prompt: null as PushMoment | null,
});

export const usePush = () => useSnapshot(push);

/** The browser has all Web Push needs: a service worker, the Push API and notifications. */
export function pushSupported(): boolean {
  return typeof window !== 'undefined' && 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window;
}

/** This page's service worker registration's push subscription; null when there is none (or no worker yet). */
export async function currentSubscription(): Promise<PushSubscription | null> {
  const registration = await navigator.serviceWorker.getRegistration();
  return (await registration?.pushManager.getSubscription()) ?? null;
}

/** The subscription's endpoint is known now; the kinds it has turned off are forgotten when it changed. */
export function subscribedAs(endpoint: string | null): void {
  if (push.endpoint !== endpoint) push.kindsOff = null;
  push.endpoint = endpoint;
}

/** Reads the device: support, the permission and the subscription. */
export async function readPushDevice(): Promise<void> {
  const supported = pushSupported();
  push.supported = supported;
  if (supported) {
    push.permission = Notification.permission;
    try {
      subscribedAs((await currentSubscription())?.endpoint ?? null);
    } catch (err) {
      console.warn('[push] the subscription could not be read', err);
    }
  }
  push.known = true;
}

/** How long «Не сейчас» holds the prompt back. */
export const PROMPT_PAUSE_MS = 30 * 24 * 60 * 60 * 1000;

export interface PromptFacts {
  supported: boolean;
  permission: NotificationPermission;
  subscribed: boolean;
  /** When «Не сейчас» was last said (ms); null: never; undefined: storage cannot be read. */
  dismissedAt: number | null | undefined;
  now: number;
}

/**
 * Whether the prompt may show: the browser can take notifications, the shopper has not answered the browser's
 * own question (allowed or blocked), this device is not subscribed, and «Не сейчас» is not within 30 days.
 * Where storage cannot be read a «Не сейчас» could not be kept either, so the prompt does not show at all.
 */
export function mayPrompt(f: PromptFacts): boolean {
  if (!f.supported || f.permission !== 'default' || f.subscribed || f.dismissedAt === undefined) return false;
  return f.dismissedAt === null || f.now - f.dismissedAt >= PROMPT_PAUSE_MS;
}

function dismissedAt(): number | null | undefined {
  const stored = readStored('local', STORAGE_KEYS.pushPromptDismissed);
  if (stored == null) return stored;
  const at = Number(stored);
  return Number.isFinite(at) ? at : null;
}

/** A meaningful moment happened (a favourite added, an order paid): the prompt shows if the rules allow. */
export async function suggestPush(moment: PushMoment, now: number = Date.now()): Promise<void> {
  if (push.prompt) return;
  await readPushDevice();
  const facts = {
    supported: push.supported,
    permission: push.permission,
    subscribed: push.endpoint !== null,
    dismissedAt: dismissedAt(),
    now,
  };
  if (mayPrompt(facts)) push.prompt = moment;
}

/** «Не сейчас»: the prompt closes and is not offered again for 30 days. */
export function dismissPushPrompt(now: number = Date.now()): void {
  push.prompt = null;
  writeStored('local', STORAGE_KEYS.pushPromptDismissed, String(now));
}

/** The prompt closes without a pause (its work is done, or its code could not load). */
export function closePushPrompt(): void {
  push.prompt = null;
}
