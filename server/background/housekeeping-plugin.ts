// Runs housekeeping (background/housekeeping.ts: rows of no more use dropped) once an hour, one run at a time (every.ts), and logs what it did. Stopped when the app closes.
import type { FastifyInstance } from 'fastify';
import { runHousekeeping } from './housekeeping.ts';
import { runEvery } from '../lib/public.ts';

const HOUR_MS = 60 * 60 * 1000;

export default async function housekeeping(app: FastifyInstance, opts: { intervalMs?: number } = {}): Promise<void> {
  runEvery(app, opts.intervalMs ?? HOUR_MS, 'housekeeping', async () => {
    const done = await runHousekeeping(app.db, app.config.dataDir);
    if (Object.values(done).some((n) => n > 0)) app.log.info({ housekeeping: done }, 'housekeeping done');
  });
}
