// The shop's VAPID key pair (RFC 8292), which signs every push so the push services know the sender: from
// VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY when both are set, else made by the first server that starts and
// kept in shop_secrets (in the data folder's database with PGlite), shared by every process. A browser's
// subscription is made for one public key: changing the keys drops every device's notifications.
import webpush from 'web-push';
import { shopSecret, type Queryable } from '../db/public.ts';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** mailto: or https: address the push services can reach the shop's owner at (VAPID_SUBJECT). */
  subject: string;
}

const KEY_NAME = 'vapid-keys';

export async function vapidKeys(db: Queryable, fromEnv: { publicKey?: string; privateKey?: string; subject: string }): Promise<VapidKeys> {
  if (fromEnv.publicKey && fromEnv.privateKey)
    return { publicKey: fromEnv.publicKey, privateKey: fromEnv.privateKey, subject: fromEnv.subject };
  const stored = JSON.parse(await shopSecret(db, KEY_NAME, () => JSON.stringify(webpush.generateVAPIDKeys()))) as {
    publicKey: string;
    privateKey: string;
  };
  return { ...stored, subject: fromEnv.subject };
}
