// What a load balancer or an orchestrator asks of a process: /healthz, the process answers (no database: a
// busy database must not get a live process restarted); /readyz, it may be sent shoppers: the database
// answers within READY_DB_MS, every migration of this code is applied, the catalogue's notices are heard
// (else its caches could serve stale answers), and it is not draining (graceful-close.ts, on SIGTERM). Never cached; Fastify logs them only at debug level, like every request.
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { pendingMigrations } from '../db/public.ts';

/** How long readiness waits for the database before it says the process is not ready. */
const READY_DB_MS = 2_000;

export const HEALTH_MESSAGES = {
  notReady: (what: string[]) => `Магазин не готов принимать покупателей: ${what.join(', ')}`,
  database: 'база данных не отвечает',
  migrations: (names: string[]) => `не применены миграции ${names.join(', ')}`,
  notices: 'нет связи для уведомлений базы данных',
  draining: 'процесс завершает работу',
} as const;

const noStore = (reply: FastifyReply) => reply.header('cache-control', 'no-store');

async function databaseAnswers(app: FastifyInstance): Promise<boolean> {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), READY_DB_MS)));
  try {
    return await Promise.race([app.db.query('select 1').then(() => true), late]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

async function health(app: FastifyInstance): Promise<void> {
  app.get('/healthz', async (_req, reply) => noStore(reply).send({ status: 'ok' }));

  app.get('/readyz', async (_req, reply) => {
    const database = await databaseAnswers(app);
    const pending = database ? await pendingMigrations(app.db).catch(() => null) : null;
    const checks = {
      database,
      migrations: pending !== null && pending.length === 0,
      notices: app.db.listening(),
      draining: app.draining,
    };
    const problems = [
      ...(database ? [] : [HEALTH_MESSAGES.database]),
      ...(pending?.length ? [HEALTH_MESSAGES.migrations(pending)] : []),
      ...(checks.notices ? [] : [HEALTH_MESSAGES.notices]),
      ...(app.draining ? [HEALTH_MESSAGES.draining] : []),
    ];
    if (!problems.length && checks.migrations) return noStore(reply).send({ status: 'ready', checks });
    return noStore(reply)
      .code(503)
      .send({ status: 'not ready', checks, message: HEALTH_MESSAGES.notReady(problems.length ? problems : [HEALTH_MESSAGES.database]) });
  });
}

export default fp(health, { name: 'health', dependencies: ['graceful-close'] });
