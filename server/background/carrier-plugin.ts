// Runs the carrier's pass every minute when the shop has a contract with CDEK (carrier/shipments.ts): the
// shipments of orders being assembled registered (those CDEK refused or did not answer tried again), the
// registered ones read again when no webhook said so for a while, those of orders cancelled withdrawn from
// CDEK, and, until CDEK has it, the shop's webhook
// address subscribed to its order statuses (first as the app is ready). Stopped when the app closes.
import type { FastifyInstance } from 'fastify';
import { runEvery } from '../lib/public.ts';
import { carrierOf, ensureWebhook, followShipments, registerShipments, webhookUrl, withdrawShipments } from '../carrier/public.ts';

const MINUTE_MS = 60 * 1000;

export default async function carrierPass(app: FastifyInstance, opts: { intervalMs?: number } = {}): Promise<void> {
  const carrier = carrierOf(app);
  if (!carrier) return;
  let subscribed = false;
  const subscribe = async () => {
    if (subscribed) return;
    await ensureWebhook(carrier, await webhookUrl(app)).then(
      () => (subscribed = true),
      (err: unknown) => app.log.warn({ err }, 'cdek: the webhook is subscribed at the next pass'),
    );
  };
  // At once when the app is ready (not holding its start), and again at each pass until CDEK has it.
  app.addHook('onReady', async () => void subscribe().catch((err: unknown) => app.log.warn({ err }, 'cdek: webhook')));
  runEvery(app, opts.intervalMs ?? MINUTE_MS, 'carrier', async () => {
    await subscribe();
    await registerShipments(carrier);
    await withdrawShipments(carrier);
    await followShipments(carrier);
  });
}
