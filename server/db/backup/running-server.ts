// How `npm run backup` finds the server that holds a PGlite folder: PGlite is one process's, so while the
// shop runs its copy must be taken by the shop. The server writes DATA_DIR/server.json (its pid, its port
// and a random token, readable by the folder's owner only) once it listens and removes it when it closes;
// the backup reads it, and the server's backup address answers only a loopback caller with that token.
import { randomBytes, timingSafeEqual } from 'node:crypto';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { processAlive } from '../pglite-lock.ts';

/** The running server's backup address (plugins/backup-address.ts answers it, backup-cli.ts asks it). */
export const BACKUP_PATH = '/internal/backup';

export interface RunningServer {
  pid: number;
  port: number;
  token: string;
}

const fileOf = (dataDir: string) => path.join(dataDir, 'server.json');

/** Written by the server once it listens; resolves to the token its backup address asks for. */
export function announceServer(dataDir: string, port: number): string {
  const token = randomBytes(32).toString('hex');
  writeFileSync(fileOf(dataDir), JSON.stringify({ pid: process.pid, port, token } satisfies RunningServer), { mode: 0o600 });
  return token;
}

export function withdrawServer(dataDir: string): void {
  rmSync(fileOf(dataDir), { force: true });
}

/**
 * The server running on `dataDir`, or null when none is: no file, or its process is gone (a crash leaves the
 * file). A file that cannot be read is an error, not "no server": the folder must then not be opened.
 */
export function runningServer(dataDir: string): RunningServer | null {
  let found: RunningServer;
  try {
    found = JSON.parse(readFileSync(fileOf(dataDir), 'utf8')) as RunningServer;
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  }
  return processAlive(found.pid) ? found : null;
}

export function tokenMatches(given: string, token: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(token);
  return a.length === b.length && timingSafeEqual(a, b);
}
