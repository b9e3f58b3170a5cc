// Offering notifications at the moment a shopper shows interest (a favourite added, an order paid): the
// notifications store (push.ts) loads then, not with the page that has the button. Offline, before the
// service worker keeps the app, it may not load: the offer is skipped, nothing else depends on it.
import type { PushMoment } from './push.ts';

export const suggestPushNow = (moment: PushMoment): Promise<void> =>
  import('./push.ts').then(
    (push) => push.suggestPush(moment),
    (err: unknown) => console.warn('[push] the notifications offer could not load', err),
  );
