// The start section of `npm run bench`: how the server starts as the demo runs it (tsx) and as production
// does (the compiled dist/server/main.js with plain node), on PGlite and on PostgreSQL: the time from the
// process's spawn to /readyz answering 200, the memory it then holds, and the time from SIGTERM to its exit
// when idle; the first start on an empty database (migrate and seed) and the next one. Then a backup and a
// restore of a shop of `offers` offers, by the compiled commands. Measurements only.
import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { openDatabase } from '../server/db/open.ts';
import { seedPhotographs } from '../server/media/public.ts';
import { freePort } from '../scripts/shop-process.ts';
import { scratchPostgres } from './load/scratch-postgres.ts';

const COMPILED = 'dist/server';
const ms = (t: number) => `${Math.round(t)} ms`;
const seconds = (t: number) => `${(t / 1000).toFixed(1)} s`;

interface StartFigures {
  readyMs: number;
  rssMb: number;
  exitMs: number;
}

/** Starts a server, waits for /readyz, reads its memory, stops it with SIGTERM. */
async function startOnce(args: string[], env: Record<string, string>): Promise<StartFigures> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', DIST_DIR: 'dist', ...env },
    stdio: 'ignore',
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    try {
      if ((await fetch(`http://127.0.0.1:${port}/readyz`)).ok) break;
    } catch {
      // not listening yet
    }
    if (performance.now() - t0 > 180_000) throw new Error('the server was not ready within 3 minutes');
    await new Promise((r) => setTimeout(r, 10));
  }
  const readyMs = performance.now() - t0;
  const kb = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
  const t1 = performance.now();
  await new Promise((resolve) => {
    child.once('exit', resolve);
    child.kill('SIGTERM');
  });
  return { readyMs, rssMb: Math.round(Number(kb ?? 0) / 1024), exitMs: performance.now() - t1 };
}

function commandOf(how: 'tsx' | 'compiled', file: 'main' | 'backup' | 'restore'): string[] {
  if (how === 'compiled') return ['--enable-source-maps', `${COMPILED}/${file}.js`];
  const source = { main: 'server/main.ts', backup: 'server/db/backup/backup-cli.ts', restore: 'server/db/backup/restore-cli.ts' }[file];
  return ['--import', 'tsx', source];
}

export async function startSection(opts: { offers: number; pgUrl?: string }): Promise<void> {
  if (!existsSync(`${COMPILED}/main.js`)) {
    console.log('\nStart: no dist/server/main.js: run `npm run build` first');
    return;
  }
  console.log("\nThe server's start (spawn to /readyz 200; memory then; SIGTERM to exit, idle)");
  const rows: Record<string, Record<string, string>> = {};
  const runs: { name: string; how: 'tsx' | 'compiled'; pg: boolean }[] = [
    { name: 'npm run serve (tsx), PGlite', how: 'tsx', pg: false },
    { name: 'npm run start:prod (node, compiled), PGlite', how: 'compiled', pg: false },
    ...(opts.pgUrl ? [{ name: 'npm run start:prod (node, compiled), PostgreSQL', how: 'compiled' as const, pg: true }] : []),
  ];
  for (const run of runs) {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'shop-bench-start-'));
    const scratch = run.pg ? await scratchPostgres(opts.pgUrl!) : null;
    const env = { DATA_DIR: dataDir, ...(scratch ? { DATABASE_URL: scratch.url } : {}) };
    try {
      const first = await startOnce(commandOf(run.how, 'main'), env);
      const next = await startOnce(commandOf(run.how, 'main'), env);
      rows[run.name] = {
        'first start (migrate, seed)': ms(first.readyMs),
        'next start': ms(next.readyMs),
        'memory at ready': `${next.rssMb} MB`,
        'SIGTERM to exit': ms(next.exitMs),
      };
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
      await scratch?.drop();
    }
  }
  console.table(rows);

  console.log(`\nBackup and restore of a shop of ${opts.offers} offers (the compiled commands, no server running)`);
  const dir = mkdtempSync(path.join(tmpdir(), 'shop-bench-backup-'));
  const scratch = opts.pgUrl ? await scratchPostgres(opts.pgUrl) : null;
  try {
    const source = path.join(dir, 'source');
    const db = await openDatabase({ dataDir: source }, { offers: opts.offers, photos: () => seedPhotographs(path.join(source, 'media')) });
    await db.close();
    const file = path.join(dir, 'shop.zip');
    const timed = (args: string[], env: Record<string, string>) => {
      const t0 = performance.now();
      execFileSync(process.execPath, args, { env: { ...process.env, ...env }, stdio: 'ignore' });
      return performance.now() - t0;
    };
    const backupMs = timed([...commandOf('compiled', 'backup'), file], { DATA_DIR: source });
    const table: Record<string, string> = {
      'backup (PGlite)': `${seconds(backupMs)}, ${(statSync(file).size / 1e6).toFixed(1)} MB`,
      'restore into an empty DATA_DIR (PGlite)': seconds(
        timed([...commandOf('compiled', 'restore'), file], { DATA_DIR: path.join(dir, 'restored') }),
      ),
    };
    if (scratch)
      table['restore into an empty PostgreSQL'] = seconds(
        timed([...commandOf('compiled', 'restore'), file], { DATABASE_URL: scratch.url, DATA_DIR: path.join(dir, 'restored-pg') }),
      );
    console.table(table);
  } finally {
    rmSync(dir, { recursive: true, force: true });
    await scratch?.drop();
  }
}
