// A background pass run every intervalMs while the app is open (mail delivery, housekeeping): one pass at a
// time (a tick while one runs is skipped), a failure logged, the timer never holding the process open, and
// on close the timer stopped and a running pass awaited; each pass's duration goes to /metrics (metrics.ts).
// Register it in a plugin of its own, so its onClose runs before the app's (which closes the database).
import type { FastifyInstance } from 'fastify';
import type {} from './metrics.ts'; // declares app.metrics

export function runEvery(app: FastifyInstance, intervalMs: number, what: string, pass: () => Promise<unknown>): void {
  let running: Promise<unknown> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    const took = app.metrics?.passSeconds.startTimer({ pass: what });
    running = pass()
      .catch((err: unknown) => app.log.error({ err }, `${what} failed`))
      .finally(() => {
        took?.();
        running = null;
      });
  }, intervalMs);
  timer.unref();
  app.addHook('onClose', async () => {
    clearInterval(timer);
    await running;
  });
}
