// Sends the outbox's messages (web-push encrypts each for its device and signs it with the shop's VAPID
// key; fetch posts it, so any push service address works): sent on 201; the device dropped when the push
// service says it is gone (404, 410); tried again later on a busy or failing service (429, 5xx, no answer),
// after Retry-After or a growing pause, up to MAX_ATTEMPTS; given up at once on a refusal of the message
// itself (400, 401, 403, 413), which no retry would change.
import webpush from 'web-push';
import type { Queryable } from '../db/public.ts';
import { claimPushes, dropSubscription, markPushFailed, markPushSent, type OutgoingPush } from './push-sql.ts';
import type { VapidKeys } from './vapid.ts';

const BATCH = 50;
const REQUEST_TIMEOUT_MS = 10_000;

export const PUSH_DELIVERY = {
  batch: BATCH,
  /** Longer than a pass can take (every message of a batch waiting its whole timeout), so no other process claims a message this one is still sending. */
  leaseSeconds: (BATCH * REQUEST_TIMEOUT_MS) / 1000 + 60,
  maxAttempts: 8,
  /** The pause before the second try; it doubles each time, up to an hour. */
  firstRetrySeconds: 30,
  requestTimeoutMs: REQUEST_TIMEOUT_MS,
} as const;

export interface PushLog {
  warn(fields: object, message: string): void;
}

const retryAfter = (attempts: number, header: string | null): number => {
  const asked = Number(header);
  if (Number.isFinite(asked) && asked > 0) return Math.min(asked, 3600);
  return Math.min(PUSH_DELIVERY.firstRetrySeconds * 2 ** (attempts - 1), 3600);
};

async function sendOne(db: Queryable, p: OutgoingPush, vapid: VapidKeys, log: PushLog): Promise<boolean> {
  let request: webpush.RequestDetails;
  try {
    request = webpush.generateRequestDetails({ endpoint: p.endpoint, keys: { p256dh: p.p256dh, auth: p.auth } }, p.payload, {
      vapidDetails: vapid,
      TTL: p.ttl_seconds,
      urgency: p.urgency as webpush.Urgency,
      ...(p.topic ? { topic: p.topic } : {}),
    });
  } catch (err) {
    // A message that cannot be encrypted or signed (keys that are no P-256 point) never will be: given up, the rest go on.
    log.warn({ push: p.id, err }, 'a push could not be encrypted for its device');
    await markPushFailed(db, p.id, err instanceof Error ? err.message : String(err), null);
    return false;
  }
  const retry = (error: string, header: string | null = null) =>
    markPushFailed(db, p.id, error, p.attempts >= PUSH_DELIVERY.maxAttempts ? null : retryAfter(p.attempts, header));
  // fetch counts the body itself. web-push's own Content-Length (a number, for its https.request) is left
  // out: undici 7 as the process's fetch dispatcher (jsdom's, in a test worker) refused it as invalid.
  const { 'Content-Length': _counted, ...headers } = request.headers as Record<string, string>;
  let res: Response;
  try {
    res = await fetch(request.endpoint, {
      method: request.method,
      headers,
      body: request.body,
      signal: AbortSignal.timeout(PUSH_DELIVERY.requestTimeoutMs),
    });
  } catch (err) {
    await retry(err instanceof Error ? err.message : String(err));
    return false;
  }
  if (res.ok) {
    await markPushSent(db, p.id);
    return true;
  }
  const why = `${res.status} ${(await res.text().catch(() => '')).slice(0, 200)}`;
  if (res.status === 404 || res.status === 410) await dropSubscription(db, p.subscription_id);
  else if (res.status === 429 || res.status >= 500) await retry(why, res.headers.get('retry-after'));
  else {
    log.warn({ push: p.id, status: res.status }, 'the push service refused a message');
    await markPushFailed(db, p.id, why, null);
  }
  return false;
}

/** One pass: claims due messages and sends them; how many went out. */
export async function sendPushes(db: Queryable, vapid: VapidKeys, log: PushLog): Promise<number> {
  let sent = 0;
  for (const p of await claimPushes(db, PUSH_DELIVERY.batch, PUSH_DELIVERY.leaseSeconds, PUSH_DELIVERY.maxAttempts)) {
    if (await sendOne(db, p, vapid, log)) sent += 1;
  }
  return sent;
}
