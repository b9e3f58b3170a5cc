// Web Push's part of the app: the VAPID keys (vapid.ts), decorated as app.vapid, and the delivery loop:
// every few seconds the waiting events become messages (fan-out.ts) and due messages go out (sender.ts).
// Stopped, its pass awaited, when the app closes (lib/run-every.ts).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { runEvery } from '../lib/public.ts';
import { fanOutEvents } from './fan-out.ts';
import { sendPushes } from './sender.ts';
import { vapidKeys, type VapidKeys } from './vapid.ts';

declare module 'fastify' {
  interface FastifyInstance {
    vapid: VapidKeys;
  }
}

export const PUSH_INTERVAL_MS = 2000;

/** One delivery pass: events to messages, then the due messages sent. */
export async function pushPass(app: FastifyInstance): Promise<{ queued: number; sent: number }> {
  const queued = await fanOutEvents(app.db);
  const sent = await sendPushes(app.db, app.vapid, app.log);
  return { queued, sent };
}

/** The keys, for every route (not encapsulated). */
export const vapid = fp(
  async (app: FastifyInstance) => {
    app.decorate('vapid', await vapidKeys(app.db, app.config.push));
  },
  { name: 'vapid' },
);

/** The loop: a plugin of its own, so its onClose runs before the app's (which closes the database). */
export async function pushDelivery(app: FastifyInstance, opts: { intervalMs?: number } = {}): Promise<void> {
  runEvery(app, opts.intervalMs ?? PUSH_INTERVAL_MS, 'push delivery pass', () => pushPass(app));
}
