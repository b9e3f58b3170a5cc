// The main thread's side of a PGlite worker: starting one (the .ts source through tsx in development and
// tests, the compiled pglite-worker.js beside the built server), sending requests and matching their replies,
// the notices of LISTEN, what happens when the worker dies, and the idle workers kept for the next database.
import { createRequire } from 'node:module';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { errorFromFields } from './errors.ts';
import type { Reply, RequestBody } from './messages.ts';
import { pgliteWasm } from './wasm.ts';

/** The worker's file in the built server (scripts/build-server.ts), beside main.js. */
export const BUILT_WORKER = 'pglite-worker';

export const THREAD_MESSAGES = {
  died: (how: string) => `Поток встроенной базы данных PGlite завершился аварийно (${how}); её запросы отклонены`,
} as const;

export interface PgliteThread {
  /** Sends a request; resolves to the worker's answer, or rejects with its error (or the worker's death). */
  call<T>(request: RequestBody, transfer?: ArrayBuffer[]): Promise<T>;
  /** Where the notices of the LISTEN numbered `listen` go (set before it is sent: none is missed). */
  onNotice(listen: number, onNotice: (payload: string) => void): void;
  /** Gives the worker back once its database is closed: kept idle for the next one, or ended. */
  release(): void;
  /** Ends the worker as a crash would end it (the tests' death). */
  kill(): Promise<void>;
}

// Idle workers, their databases closed, kept for the next open: starting one costs more than a database
// (tsx compiles the worker's files in each), and the tests open a database for every app they build.
const IDLE_KEPT = 2;
const idle: { worker: Worker; thread: (onDeath: (err: Error) => void) => PgliteThread }[] = [];

/** A worker ready for a database; `onDeath` hears of its crash after its pending requests are rejected. */
export async function takeThread(onDeath: (err: Error) => void): Promise<PgliteThread> {
  const kept = idle.pop();
  if (kept) return kept.thread(onDeath);
  const worker = startWorker(await pgliteWasm());
  return threadOn(worker)(onDeath);
}

function startWorker(workerData: unknown): Worker {
  const source = import.meta.url.endsWith('.ts');
  if (!source) return new Worker(new URL(`./${BUILT_WORKER}.js`, import.meta.url), { workerData });
  // The source: tsx's require compiles the worker's TypeScript in the worker too (Node 20 runs no .ts of its own).
  const tsx = createRequire(import.meta.url).resolve('tsx/cjs/api');
  const entry = fileURLToPath(new URL('./worker.ts', import.meta.url));
  const boot = `require(${JSON.stringify(tsx)}).require(${JSON.stringify(entry)}, ${JSON.stringify(entry)})`;
  return new Worker(boot, { eval: true, workerData, execArgv: [] });
}

/** The worker's requests and replies; called again with a new owner each time it is taken from the idle. */
function threadOn(worker: Worker) {
  let nextId = 1;
  const pending = new Map<number, { resolve(value: unknown): void; reject(err: Error): void }>();
  const notices = new Map<number, (payload: string) => void>();
  let owner: ((err: Error) => void) | undefined;
  let ending = false;
  let crash: Error | undefined;
  /** The worker's death, which every later request is refused with too. */
  let death: Error | undefined;

  // The worker keeps the process alive only while a request waits on it, as PGlite on the main thread did:
  // a command's last query is answered before it exits, and an idle database holds nothing open.
  const settle = (id: number) => {
    const waiting = pending.get(id);
    pending.delete(id);
    if (!pending.size) worker.unref();
    return waiting;
  };
  worker.unref();
  worker.on('message', (reply: Reply) => {
    if ('notice' in reply) return notices.get(reply.notice)?.(reply.payload);
    const waiting = settle(reply.id);
    if (reply.ok) waiting?.resolve(reply.value);
    else waiting?.reject(errorFromFields(reply.error));
  });
  worker.on('error', (err) => {
    crash = err; // an uncaught throw in the worker; 'exit' follows
  });
  worker.on('exit', (code) => {
    const at = idle.findIndex((kept) => kept.worker === worker);
    if (at >= 0) idle.splice(at, 1);
    death = new Error(THREAD_MESSAGES.died(crash ? crash.message : `код ${code}`), { cause: crash });
    if (ending) return;
    for (const waiting of pending.values()) waiting.reject(death);
    pending.clear();
    owner?.(death);
  });

  const thread: PgliteThread = {
    call<T>(request: RequestBody, transfer: ArrayBuffer[] = []) {
      return new Promise<T>((resolve, reject) => {
        if (death) return reject(death);
        const id = nextId++;
        if (!pending.size) worker.ref();
        pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
        try {
          worker.postMessage({ ...request, id }, transfer);
        } catch (err) {
          settle(id); // a parameter no message can carry
          reject(err as Error);
        }
      });
    },
    onNotice: (listen, onNotice) => void notices.set(listen, onNotice),
    release() {
      owner = undefined;
      notices.clear();
      if (idle.length >= IDLE_KEPT || pending.size) {
        ending = true;
        void worker.terminate();
        return;
      }
      idle.push({ worker, thread: (onDeath) => ((owner = onDeath), thread) });
    },
    async kill() {
      await worker.terminate();
    },
  };
  return (onDeath: (err: Error) => void) => ((owner = onDeath), thread);
}
