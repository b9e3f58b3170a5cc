// Housekeeping of rows that only matter for a while: stored Idempotency-Key answers older than 30 days (an
// offline basket replays within that) are dropped once an hour. Stopped when the app closes.
import type { FastifyInstance } from 'fastify';
import { dropOldAnswers } from '../repos/idempotency.ts';

export const KEEP_ANSWERS_DAYS = 30;
const HOUR_MS = 60 * 60 * 1000;

export default async function housekeeping(app: FastifyInstance, opts: { intervalMs?: number } = {}): Promise<void> {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = dropOldAnswers(app.db, KEEP_ANSWERS_DAYS)
      .catch((err: unknown) => app.log.error({ err }, 'housekeeping failed'))
      .finally(() => {
        running = null;
      });
  }, opts.intervalMs ?? HOUR_MS);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
