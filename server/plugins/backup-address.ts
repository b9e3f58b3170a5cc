// The running shop's own backup, for a shop on PGlite (whose folder only this process may open): GET
// /internal/backup streams the zip `npm run backup` saves (db/backup/write-backup.ts). Answered only to a
// caller on this machine (the socket's own address, not a proxy's word) that presents the token the server
// wrote into DATA_DIR/server.json when it started listening; everyone else gets a 404, as if there were
// nothing here. On PostgreSQL the backup reads the database itself and this address does not exist.
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { PassThrough } from 'node:stream';
import { announceServer, BACKUP_PATH, tokenMatches, withdrawServer, writeBackup } from '../db/public.ts';

const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

async function backupAddress(app: FastifyInstance): Promise<void> {
  const { dataDir } = app.config;
  if (!app.db.folder) return; // PostgreSQL, or a database in memory (tests)
  let token: string | undefined;
  app.addHook('onListen', async () => {
    const address = app.server.address();
    if (address && typeof address === 'object') token = announceServer(dataDir, address.port);
  });
  app.addHook('onClose', async () => {
    if (token) withdrawServer(dataDir);
  });

  app.get(BACKUP_PATH, async (req, reply) => {
    const bearer = /^Bearer (\S+)$/.exec(req.headers.authorization ?? '')?.[1];
    if (!token || !bearer || !LOOPBACK.has(req.socket.remoteAddress ?? '') || !tokenMatches(bearer, token)) return reply.callNotFound();
    const body = new PassThrough();
    writeBackup(app.db, dataDir, body).catch((err: unknown) => {
      req.log.error(err, 'backup failed');
      body.destroy(err instanceof Error ? err : new Error(String(err))); // the caller sees a cut zip and keeps nothing
    });
    return reply.header('content-type', 'application/zip').header('cache-control', 'no-store').send(body);
  });
}

export default fp(backupAddress, { name: 'backup-address' });
