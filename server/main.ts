// Entry: read the config, open (and on first start migrate and seed) the database, listen, and on SIGINT or
// SIGTERM close without dropping a request (plugins/graceful-close.ts: drain, wait up to SHUTDOWN_GRACE_S).
import path from 'node:path';
import { buildApp } from './app.ts';
import { readConfig } from './config.ts';
import { openDatabase } from './db/public.ts';
import { seedPhotographs } from './media/public.ts';

const config = readConfig();
// A new shop's demo goods show the demo's photographs, made once per machine (server/media/seed-photographs.ts).
const db = await openDatabase(config, { photos: () => seedPhotographs(path.join(config.dataDir, 'media')) });
const app = await buildApp({ config, db });

let closing = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    if (closing) return;
    closing = true;
    app.log.info(`${signal}: draining (up to ${config.connections.shutdownGraceS} s), then closing`);
    app.closeGracefully(config.connections.shutdownGraceS).then(
      ({ cut }) => {
        if (cut) app.log.warn(`closed: ${cut} connections were still busy when the grace ran out`);
        process.exit(0);
      },
      (err: unknown) => {
        app.log.error(err);
        process.exit(1);
      },
    );
  });
}

await app.listen({ port: config.port, host: config.host });
app.log.info(`Магазин открыт: http://localhost:${config.port} (${db.engine})`);
