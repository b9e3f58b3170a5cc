// Keeps the shop's record of this device's subscription current while the device is subscribed: once after
// the page starts (which also renews it and brings the kinds turned off), and about 2 s after the favourites,
// the sizes chosen for them or the signed-in account change (the record is tied to the account). Offline
// the send waits for 'online'; a send that fails is tried again when the network returns or at the next change.
import { subscribe } from 'valtio';
import { auth } from './auth.ts';
import { basket } from './basket.ts';
import { favorites } from './favorites.ts';
import { push, pushSupported, readPushDevice } from './push.ts';
import { resendSubscription } from './push-subscription.ts';
import { currentWatches } from './push-watches.ts';

export const PUSH_SYNC_DELAY_MS = 2_000;

interface SyncOptions {
  send?: () => Promise<void>;
  delayMs?: number;
}

export function startPushSync({ send = resendSubscription, delayMs = PUSH_SYNC_DELAY_MS }: SyncOptions = {}): () => void {
  if (!pushSupported()) return () => undefined;
  /** What the shop last heard (the watches and whether signed in); null: nothing yet from this page. */
  let sent: string | null = null;
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
    if (!push.endpoint || !navigator.onLine) return; // not subscribed, or 'online' brings it back
    const now = state();
    if (now === sent) return;
    if (sending) {
      again = true;
      return;
    }
    sending = true;
    try {
      await send();
      sent = now;
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
