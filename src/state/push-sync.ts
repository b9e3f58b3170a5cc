// Keeps the shop's record of this device's subscription current while the device is subscribed: after the
// page starts when the shop has not heard this record from the device within a day (what it last heard is
// kept in localStorage, so page loads do not resend it), and about 2 s after the favourites, the sizes chosen
// for them or the signed-in account change (the record is tied to the account). Offline the send waits for
// 'online'; a send that fails is tried again when the network returns or at the next change.
import { subscribe } from 'valtio';
import { STORAGE_KEYS } from '../../common/storage-keys.ts';
import { auth } from './auth.ts';
import { basket } from './basket.ts';
import { favorites } from './favorites.ts';
import { push, pushSupported, readPushDevice } from './push.ts';
import { resendSubscription } from './push-subscription.ts';
import { currentWatches } from './push-watches.ts';
import { readStored, writeStored } from './web-storage.ts';

export const PUSH_SYNC_DELAY_MS = 2_000;
/** How long the same record is not sent again: a day, so a shop that lost it (a restored database) hears it soon. */
export const PUSH_RENEW_MS = 24 * 60 * 60 * 1_000;

/** What the shop last heard from this device: the subscription's endpoint, the record, and when (ms). */
interface Sent {
  endpoint: string;
  record: string;
  at: number;
}

function lastSent(): Sent | null {
  try {
    const sent = JSON.parse(readStored('local', STORAGE_KEYS.pushRecordSent) ?? 'null') as Sent | null;
    return sent && typeof sent.endpoint === 'string' && typeof sent.record === 'string' && typeof sent.at === 'number' ? sent : null;
  } catch {
    return null; // not ours or damaged: sent again
  }
}

const heardRecently = (sent: Sent | null, endpoint: string, record: string) =>
  sent !== null && sent.endpoint === endpoint && sent.record === record && Math.abs(Date.now() - sent.at) < PUSH_RENEW_MS;

interface SyncOptions {
  send?: () => Promise<void>;
  delayMs?: number;
}

export function startPushSync({ send = resendSubscription, delayMs = PUSH_SYNC_DELAY_MS }: SyncOptions = {}): () => void {
  if (!pushSupported()) return () => undefined;
  let timer: ReturnType<typeof setTimeout> | undefined;
  let sending = false;
  let again = false;
  let stopped = false;

  const state = () => JSON.stringify([currentWatches(), auth.signedIn]);
  const schedule = (delay = delayMs) => {
    clearTimeout(timer);
    if (!stopped) timer = setTimeout(() => void run(), delay);
  };
  const run = async () => {
    const endpoint = push.endpoint;
    if (!endpoint || !navigator.onLine) return; // not subscribed, or 'online' brings it back
    const now = state();
    if (heardRecently(lastSent(), endpoint, now)) return;
    if (sending) {
      again = true;
      return;
    }
    sending = true;
    try {
      await send();
      const sent: Sent = { endpoint, record: now, at: Date.now() };
      writeStored('local', STORAGE_KEYS.pushRecordSent, JSON.stringify(sent));
    } catch (err) {
      console.warn('[push] the watched favourites were not sent; tried again when the network returns', err);
    } finally {
      sending = false;
      if (again) {
        again = false;
        schedule();
      }
    }
  };

  const online = () => schedule(0);
  addEventListener('online', online);
  const stops = [favorites, basket, auth].map((store) => subscribe(store, () => schedule()));
  void readPushDevice().then(() => schedule());
  return () => {
    stopped = true;
    clearTimeout(timer);
    removeEventListener('online', online);
    stops.forEach((stop) => stop());
  };
}
