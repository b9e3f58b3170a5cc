// The one owner of this device's push subscription: turning notifications on (the browser's permission, its
// subscription for the shop's VAPID key, the shop's record of it with the watched favourites), sending that
// record again, turning a kind of notification off or on, and turning them off. Each action the shopper
// takes answers whether it worked and, if not, the Russian text to show.
import pTimeout from 'p-timeout';
import { check } from '../../common/validate.ts';
import { BrowserSubscription, PUSH_KINDS, type PushKind } from '../../common/contract/push.ts';
import { serverMessage } from '../api/account-errors.ts';
import { ApiError } from '../api/api-error.ts';
import * as api from '../api/push.ts';
import { closePushPrompt, currentSubscription, push, pushSupported, readPushDevice, subscribedAs } from './push.ts';
import { currentWatches } from './push-watches.ts';

export const PUSH_TEXT = {
  enableFailed: 'Не удалось включить уведомления. Попробуйте ещё раз.',
  denied: 'Уведомления запрещены в настройках браузера. Разрешите их для этого сайта, чтобы получать новости о заказах и избранном.',
  unsupported: 'Этот браузер не поддерживает уведомления',
  disableFailed: 'Не удалось отключить уведомления. Попробуйте ещё раз.',
  settingFailed: 'Не удалось сохранить настройку уведомлений. Попробуйте ещё раз.',
  offline: 'Нет связи с магазином. Проверьте подключение к интернету и попробуйте ещё раз.',
} as const;

/** How an action ended: done, or not, with the text to show ('' when there is nothing to say). */
export type PushOutcome = { ok: true } | { ok: false; message: string };

const DONE: PushOutcome = { ok: true };
const failed = (message: string): PushOutcome => ({ ok: false, message });

/** How long turning on waits for the service worker to be active (a first visit may still be installing it). */
const WORKER_WAIT_MS = 20_000;

/** A failed action's text: no connection said as such, the shop's own refusal as it says it, else the default. */
function failureText(err: unknown, fallback: string): string {
  if (err instanceof ApiError && err.status === 0 && err.body instanceof Error) return PUSH_TEXT.offline;
  return (err instanceof ApiError && err.status !== 404 ? serverMessage(err) : null) ?? fallback;
}

/** The bytes of a base64url key (the form GET /v1/push/key answers). */
export function keyBytes(base64url: string): Uint8Array<ArrayBuffer> {
  const base64 = base64url.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return Uint8Array.from(binary, (c) => c.charCodeAt(0));
}

/** Whether the subscription was made for this key (one made for a key the shop no longer has is useless). */
function madeFor(subscription: PushSubscription, key: Uint8Array): boolean {
  const made = subscription.options?.applicationServerKey;
  if (!made) return true; // the browser does not say: take it as the shop's
  const bytes = new Uint8Array(made);
  return bytes.length === key.length && bytes.every((b, i) => b === key[i]);
}

const activeRegistration = (): Promise<ServiceWorkerRegistration> =>
  pTimeout(navigator.serviceWorker.ready, { milliseconds: WORKER_WAIT_MS, message: 'the service worker did not become active' });

/** Tells the shop of the subscription and the favourites it watches; keeps the kinds it answers as turned off. */
async function record(subscription: PushSubscription): Promise<void> {
  const json = check(subscription.toJSON(), BrowserSubscription);
  if (!json.ok) throw new Error(`the browser's subscription is not as expected: ${json.message}`);
  const { kinds_off } = await api.putPushSubscription(json.value, currentWatches());
  subscribedAs(subscription.endpoint);
  push.kindsOff = kinds_off;
}

let enabling: Promise<PushOutcome> | null = null;

/** «Включить уведомления»: the browser's permission, its subscription, the shop's record (one at a time). */
export function enablePush(): Promise<PushOutcome> {
  enabling ??= turnOn().finally(() => {
    enabling = null;
  });
  return enabling;
}

async function turnOn(): Promise<PushOutcome> {
  if (!pushSupported()) return failed(PUSH_TEXT.unsupported);
  let permission: NotificationPermission;
  try {
    permission = await Notification.requestPermission();
  } catch (err) {
    console.warn('[push] the permission could not be asked', err);
    return failed(PUSH_TEXT.enableFailed);
  }
  push.permission = permission;
  if (permission === 'denied') return failed(PUSH_TEXT.denied);
  if (permission !== 'granted') return failed(''); // the browser's question was closed unanswered
  let made: PushSubscription | null = null;
  try {
    const registration = await activeRegistration();
    const key = keyBytes(await api.getPushKey());
    let subscription = await registration.pushManager.getSubscription();
    if (subscription && !madeFor(subscription, key)) {
      await subscription.unsubscribe();
      subscription = null;
    }
    if (!subscription) subscription = made = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
    await record(subscription);
    closePushPrompt();
    return DONE;
  } catch (err) {
    console.warn('[push] notifications were not turned on', err);
    // A subscription the shop has not heard of would only look like "on": it is undone.
    await made?.unsubscribe().catch(() => false);
    return failed(failureText(err, PUSH_TEXT.enableFailed));
  }
}

/**
 * Sends this device's record again (the watched favourites changed, the page started, the shopper signed in
 * or out), which also brings the kinds turned off; nothing when the device is not subscribed. Throws when
 * the shop was not reached: the caller tries again.
 */
export async function resendSubscription(): Promise<void> {
  const subscription = await currentSubscription();
  if (!subscription) {
    subscribedAs(null);
    return;
  }
  await record(subscription);
}

/** For the settings: the device read again, and the kinds turned off asked for when not known yet. */
export async function refreshPushSettings(): Promise<void> {
  await readPushDevice();
  if (push.endpoint && push.kindsOff === null)
    await resendSubscription().catch((err: unknown) => console.warn('[push] settings not loaded', err));
}

/**
 * A kind of notification turned off (or on again) on this device: shown at once, then what the shop kept; a
 * failure puts the checkbox back.
 */
export async function setPushKindOff(kind: PushKind, off: boolean): Promise<PushOutcome> {
  const endpoint = push.endpoint;
  if (!endpoint) return failed(PUSH_TEXT.settingFailed);
  const before = push.kindsOff ?? [];
  const next = PUSH_KINDS.filter((k) => (k === kind ? off : before.includes(k)));
  push.kindsOff = next;
  try {
    const { kinds_off } = await api.putPushSettings(endpoint, next);
    if (push.endpoint === endpoint) push.kindsOff = kinds_off;
    return DONE;
  } catch (err) {
    console.warn('[push] the setting was not saved', err);
    if (push.endpoint === endpoint) push.kindsOff = before;
    return failed(failureText(err, PUSH_TEXT.settingFailed));
  }
}

/**
 * «Отключить уведомления на этом устройстве»: the browser's subscription ends first (no notification comes
 * after this), then the shop is told; if it cannot be, its next push is refused as gone and it forgets the device.
 */
export async function disablePush(): Promise<PushOutcome> {
  let endpoint = push.endpoint;
  try {
    const subscription = await currentSubscription();
    if (subscription) {
      endpoint = subscription.endpoint;
      if (!(await subscription.unsubscribe())) throw new Error('the browser kept the subscription');
    }
  } catch (err) {
    console.warn('[push] notifications were not turned off', err);
    return failed(PUSH_TEXT.disableFailed);
  }
  subscribedAs(null);
  if (endpoint) await api.deletePushSubscription(endpoint).catch((err: unknown) => console.warn('[push] the shop was not told', err));
  return DONE;
}
