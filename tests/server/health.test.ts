// Health and readiness on every backend, as a load balancer asks them: /healthz answers while the process
// runs; /readyz says ready only when the database answers, every migration is applied, the notices are heard
// and the process is not draining, and names in Russian what is not; neither is ever cached.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import type {} from '../../server/plugins/graceful-close.ts'; // declares app.drain
import { backends, startApp } from './harness.ts';

describe.each(backends)('health and readiness on $name', (backend) => {
  let app: FastifyInstance;
  beforeAll(async () => {
    app = await startApp(backend);
  });
  afterAll(() => app?.close());

  const ask = async (url: string) => {
    const res = await app.inject({ method: 'GET', url });
    return { status: res.statusCode, body: res.json(), cache: res.headers['cache-control'] };
  };

  it('answers /healthz, and /readyz with every check passed, never to be kept', async () => {
    expect(await ask('/healthz')).toEqual({ status: 200, body: { status: 'ok' }, cache: 'no-store' });
    expect(await ask('/readyz')).toEqual({
      status: 200,
      body: { status: 'ready', checks: { database: true, migrations: true, notices: true, draining: false } },
      cache: 'no-store',
    });
  });

  it('is not ready while a migration of its code is not applied, and names it', async () => {
    const [last] = await app.db.query<{ name: string }>('select name from schema_migrations order by name desc limit 1');
    await app.db.query('delete from schema_migrations where name = $1', [last.name]);
    try {
      const res = await ask('/readyz');
      expect(res.status).toBe(503);
      expect(res.body.checks.migrations).toBe(false);
      expect(res.body.message).toBe(`Магазин не готов принимать покупателей: не применены миграции ${last.name}`);
    } finally {
      await app.db.query('insert into schema_migrations (name) values ($1)', [last.name]);
    }
    expect((await ask('/readyz')).status).toBe(200);
  });

  it.runIf(backend.name === 'PGlite')(
    'is not ready while its one database connection is held past two seconds, and stays alive',
    async () => {
      let release!: () => void;
      const held = app.db.transaction(() => new Promise<void>((resolve) => (release = resolve)));
      try {
        const res = await ask('/readyz');
        expect([res.status, res.body.checks.database, res.body.message]).toEqual([
          503,
          false,
          'Магазин не готов принимать покупателей: база данных не отвечает',
        ]);
        expect((await ask('/healthz')).status).toBe(200);
      } finally {
        release();
        await held;
      }
    },
  );

  it('is not ready once it drains (SIGTERM), though still alive', async () => {
    app.drain();
    const res = await ask('/readyz');
    expect([res.status, res.body.checks.draining, res.body.message]).toEqual([
      503,
      true,
      'Магазин не готов принимать покупателей: процесс завершает работу',
    ]);
    expect((await ask('/healthz')).status).toBe(200);
  });
});
