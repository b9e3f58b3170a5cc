// Calls of Web Push (common/contract/push.ts): the shop's VAPID public key, this device's subscription with
// the favourites it watches (sent again whenever they change), its removal, and the kinds of notification
// the device has turned off. The device is named by its subscription's endpoint.
import type { Infer } from 'superstruct';
import type { BrowserSubscription, PushKind, PushWatch } from '../../common/contract/push.ts';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { call } from './client.ts';

export type SubscriptionJson = Infer<typeof BrowserSubscription>;

/** GET /v1/push/key: the base64url public key the browser's subscription is made for. */
export const getPushKey = async () => (await call(ENDPOINTS.pushKey)).public_key;

/** PUT /v1/push/subscription: makes or renews this device's subscription; answers its kinds turned off. */
export const putPushSubscription = (subscription: SubscriptionJson, watches: PushWatch[]) =>
  call(ENDPOINTS.pushSubscribe, { body: { subscription, watches } });

/** DELETE /v1/push/subscription: the shop forgets this device. */
export const deletePushSubscription = (endpoint: string) => call(ENDPOINTS.pushUnsubscribe, { body: { endpoint } });

/** PUT /v1/push/settings: the kinds this device has turned off; answers them as kept. */
export const putPushSettings = (endpoint: string, kinds_off: PushKind[]) => call(ENDPOINTS.pushSettings, { body: { endpoint, kinds_off } });
