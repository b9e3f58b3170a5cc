// Which addresses the shop sends pushes to: only the browsers' push services (PUSH_SERVICES, the four big
// ones by default). A subscription is the browser's word for where to send, and the shop's server then POSTs
// there on its own; without this check anyone could make it call any address (its own network included).
import { createECDH } from 'node:crypto';
import { Refusal } from '../refusal.ts';

/** Chrome's and Edge's (FCM), Firefox's, Safari's and Windows' push services. */
export const DEFAULT_PUSH_SERVICES = [
  'https://fcm.googleapis.com',
  'https://updates.push.services.mozilla.com',
  'https://web.push.apple.com',
  'https://*.notify.windows.com',
];

export const PUSH_MESSAGES = {
  notPushService: 'Этот браузер предложил адрес для уведомлений, который магазин не принимает',
  brokenKeys: 'Подписка на уведомления повреждена. Отключите и снова включите уведомления',
  notFound: 'Уведомления на этом устройстве не включены',
  removed: 'Уведомления на этом устройстве отключены',
} as const;

/** Whether the endpoint is on one of the allowed origins ('https://*.example.com' allows its subdomains). */
export function isPushService(endpoint: string, allowed: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  return allowed.some((origin) => {
    const [protocol, host] = origin.split('://');
    if (`${protocol}:` !== url.protocol || !host) return false;
    return host.startsWith('*.') ? url.host.endsWith(host.slice(1)) && url.host.length > host.length - 1 : url.host === host;
  });
}

const decodedLength = (s: string) => (/^[\w-]+=*$/.test(s) ? Buffer.from(s, 'base64url').length : -1);

/** Refuses a subscription the shop could not send to: another address, or keys of the wrong size. */
export function checkSubscription(sub: { endpoint: string; keys: { p256dh: string; auth: string } }, allowed: readonly string[]): void {
  if (!isPushService(sub.endpoint, allowed)) throw new Refusal('invalid', PUSH_MESSAGES.notPushService);
  // An uncompressed P-256 point and a 16-byte secret (RFC 8291).
  if (decodedLength(sub.keys.p256dh) !== 65 || decodedLength(sub.keys.auth) !== 16 || !onP256(sub.keys.p256dh))
    throw new Refusal('invalid', PUSH_MESSAGES.brokenKeys);
}

/** Whether the key is a point of the P-256 curve: a message could not be encrypted for any other. */
function onP256(base64url: string): boolean {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  try {
    ecdh.computeSecret(Buffer.from(base64url, 'base64url'));
    return true;
  } catch {
    return false;
  }
}
