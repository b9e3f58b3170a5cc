// The contract of Web Push (the shop's own, not in the spec): the shop's VAPID public key, a device's
// subscription with the favourites it watches, and which kinds of notification it has turned off. The
// notifications themselves (PushMessage) travel encrypted through the browser's push service to the service
// worker.
import { array, enums, integer, literal, nullable, object, optional, size, string, type, type Infer } from 'superstruct';
import { id } from './base.ts';

/** Every kind of notification the shop sends; a device may turn any of them off. */
export const PUSH_KINDS = ['back_in_stock', 'price_drop', 'order_status', 'payment_reminder'] as const;
export type PushKind = (typeof PUSH_KINDS)[number];

/** How the profile and the mailing page name each kind. */
export const PUSH_KIND_NAMES: Record<PushKind, string> = {
  back_in_stock: 'Товар из избранного снова в наличии в вашем размере',
  price_drop: 'Цена на товар из избранного снизилась',
  order_status: 'Заказ оплачен, отменён или отправлен',
  payment_reminder: 'Неоплаченный заказ скоро будет отменён',
};

/** GET /v1/push/key: the key the browser's subscription is made for (pushManager.subscribe). */
export const PushKey = type({ public_key: string() });

/** A favourite the device watches: the offer and the variants the shopper chose (none: any size). */
export const PushWatch = object({
  offer_id: id(),
  ext_ids: size(array(size(string(), 1, 100)), 0, 10),
});
export type PushWatch = Infer<typeof PushWatch>;

/** The browser's PushSubscription as toJSON() gives it. */
export const BrowserSubscription = type({
  endpoint: size(string(), 1, 2000),
  expirationTime: optional(nullable(integer())),
  keys: type({ p256dh: size(string(), 1, 200), auth: size(string(), 1, 100) }),
});

/** The most favourites one device watches (the favourites' own bound). */
export const MAX_PUSH_WATCHES = 500;

/** PUT /v1/push/subscription: this device's subscription (made or renewed) and the favourites it watches. */
export const PushSubscriptionRequest = object({
  subscription: BrowserSubscription,
  watches: size(array(PushWatch), 0, MAX_PUSH_WATCHES),
});

/** The device's settings: the kinds it has turned off. */
export const PushSettings = type({ kinds_off: array(enums(PUSH_KINDS)) });
export type PushSettings = Infer<typeof PushSettings>;

/** PUT /v1/push/settings and DELETE /v1/push/subscription name the device by its endpoint. */
export const PushSettingsRequest = object({ endpoint: size(string(), 1, 2000), kinds_off: size(array(enums(PUSH_KINDS)), 0, 4) });
export const PushEndpointRequest = object({ endpoint: size(string(), 1, 2000) });

/** What the service worker receives (decrypted) and shows as a notification. */
export const PushMessage = type({
  kind: enums(PUSH_KINDS),
  title: string(),
  body: string(),
  /** The shop's page the notification opens ("/kupalniki/bikini/12/amalfi"). */
  url: string(),
  /** One notification per subject: a newer one of the same tag replaces it. */
  tag: string(),
  version: literal(1),
});
export type PushMessage = Infer<typeof PushMessage>;
