// Entry: read the config, open (and on first start migrate and seed) the database, listen, and close
// cleanly on SIGINT/SIGTERM.
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { openDatabase } from './db/public.ts';

const config = readConfig();
const db = await openDatabase(config);
const app = await buildApp({ config, db });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.drain(); // /readyz answers 503 from now on
    app.log.info(`${signal}: closing`);
    app.close().then(
      () => process.exit(0),
      (err: unknown) => {
        app.log.error(err);
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(`Магазин открыт: http://localhost:${config.port} (${db.engine})`);
