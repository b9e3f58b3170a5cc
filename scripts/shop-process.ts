// A shop server as `npm run serve` runs it, in a child process on loopback, or as production runs it (the
// compiled server with plain node, `main` a dist/server/main.js): for the tests that need whole processes
// (two servers on one PostgreSQL, restarts behind a proxy) and for the load section of the bench. Started on a data folder
// or a PostgreSQL database, read for its CPU time, stopped with SIGTERM or killed with SIGKILL (its log lines are kept).
import { spawn } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { fileURLToPath } from 'node:url';

const MAIN = fileURLToPath(new URL('../server/main.ts', import.meta.url));

export interface ShopProcess {
  url: string;
  /** The server process's id (to watch it from outside: strace, /proc). */
  pid: number;
  /** Seconds of CPU (user + system) the server process has used so far. */
  cpuSeconds(): number;
  /** The same, split: [user, system]. */
  cpuSplit(): [number, number];
  /** The most memory the server process has held resident so far (VmHWM), in MB. */
  peakMemoryMb(): number;
  /** Starts the peak over from what the process holds now (Linux's clear_refs). */
  resetPeakMemory(): void;
  /** What the server has logged so far. */
  log(): string[];
  /** Stops the server; resolves to what it logged. */
  stop(): Promise<string[]>;
  /** Ends the server at once with SIGKILL, as a crash or the OOM killer would; resolves to what it logged. */
  crash(): Promise<string[]>;
}

/** A free port on loopback. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

const CLOCK_TICKS = 100; // USER_HZ on Linux

/**
 * Starts the shop on `port` (a free one when not given: a caller that must know its address first names it),
 * from its TypeScript through tsx, or from a compiled `main` (.js) with plain node.
 */
export async function startShop(env: Record<string, string>, port?: number, main = MAIN): Promise<ShopProcess> {
  port ??= await freePort();
  const args = main.endsWith('.js') ? ['--enable-source-maps', main] : ['--import', 'tsx', main];
  const child = spawn(process.execPath, args, {
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const lines: string[] = [];
  const keep = (chunk: Buffer) => lines.push(...chunk.toString().split('\n').filter(Boolean));
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 180_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`the shop exited (${child.exitCode}):\n${lines.slice(-20).join('\n')}`);
    try {
      if ((await fetch(`${url}/api/v1/organization`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error('the shop did not start within 3 minutes');
    await new Promise((r) => setTimeout(r, 250));
  }
  const ended = (signal: NodeJS.Signals) =>
    new Promise<string[]>((resolve) => {
      if (child.exitCode !== null || child.signalCode !== null) return resolve(lines); // it has gone already
      child.once('exit', () => resolve(lines));
      child.kill(signal);
    });
  const shop: ShopProcess = {
    url,
    pid: child.pid!,
    cpuSplit() {
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1].split(' ');
      return [Number(fields[11]) / CLOCK_TICKS, Number(fields[12]) / CLOCK_TICKS]; // utime, stime
    },
    peakMemoryMb() {
      const kb = /VmHWM:\s+(\d+) kB/.exec(readFileSync(`/proc/${child.pid}/status`, 'utf8'))?.[1];
      return Math.round(Number(kb ?? 0) / 1024);
    },
    resetPeakMemory() {
      writeFileSync(`/proc/${child.pid}/clear_refs`, '5');
    },
    cpuSeconds() {
      const [user, system] = shop.cpuSplit();
      return user + system;
    },
    log: () => lines,
    stop: () => ended('SIGTERM'),
    crash: () => ended('SIGKILL'),
  };
  return shop;
}
