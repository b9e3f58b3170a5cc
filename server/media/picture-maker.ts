// The server's side of the picture pipeline: every picture is made in a child process (picture-process.ts),
// never in the server's own. Measured on a 2400 × 3200 photograph, making one picture's 21 variants in the
// server raised its resident memory by 150–370 MB and kept most of it (libaom's AVIF encoder, and glibc's
// allocator, which keeps freed memory in per-thread arenas): the shoppers' server would have carried that
// for ever after one import. The process is started when a picture is asked for, with the allocator told to
// keep two arenas (MALLOC_ARENA_MAX), makes one picture at a time, and ends after a few idle seconds, giving
// everything back. A file that crashes or stalls the decoder ends that process alone: the picture is refused
// with a reason, the next one starts a new process. A process that ended while it waited (killed from outside:
// the kernel's OOM killer, an operator) is no fault of the picture given to it next, which is made again by a
// new process.
import { fork, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { PICTURE_REFUSALS, removeHalfMade, type PictureOutcome } from './make-picture.ts';
import type { PictureAnswer, PictureAsk } from './picture-messages.ts';

/** The picture process's file in the built server (scripts/build-server.ts), beside main.js. */
export const BUILT_PICTURE_PROCESS = 'picture-process';

/** The process ends after this long without a picture to make. */
const IDLE_MS = 5_000;
/** A picture not made in this time (a 60-megapixel original takes about 20 s here) stalled its process. */
const PICTURE_MS = 180_000;

/** A picture's outcome, and the picture process's memory peak so far (MB). */
export type TakenPicture = PictureOutcome & { peakMb: number };

let running: ChildProcess | null = null;
let idle: NodeJS.Timeout | undefined;
/** The asks waiting: one picture is made at a time. */
let queue: Promise<unknown> = Promise.resolve();

function start(): ChildProcess {
  const source = import.meta.url.endsWith('.ts');
  const entry = fileURLToPath(new URL(source ? './picture-process.ts' : `./${BUILT_PICTURE_PROCESS}.js`, import.meta.url));
  // From the source (development, tests), the process compiles its TypeScript with tsx, as `npm run serve` does.
  const execArgv = source ? ['--import', pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href] : [];
  return fork(entry, [], {
    execArgv,
    env: { ...process.env, MALLOC_ARENA_MAX: '2' },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    serialization: 'advanced',
  });
}

/** Lets the process go: it ends when its channel closes. */
function release(): void {
  running?.disconnect();
  running = null;
}

/** The next answer of the process (its `ready`, or a picture's), or how it ended first. */
function nextAnswer(proc: ChildProcess, ms: number): Promise<PictureAnswer | { kind: 'ended'; how: string }> {
  return new Promise((resolve) => {
    const finish = (value: PictureAnswer | { kind: 'ended'; how: string }) => {
      clearTimeout(timer);
      proc.off('message', onMessage);
      proc.off('exit', onExit);
      resolve(value);
    };
    const onMessage = (m: PictureAnswer) => finish(m);
    const onExit = (code: number | null, signal: string | null) => finish({ kind: 'ended', how: signal ?? `code ${code}` });
    const timer = setTimeout(() => {
      proc.kill('SIGKILL');
      finish({ kind: 'ended', how: 'stalled' });
    }, ms);
    proc.on('message', onMessage);
    proc.once('exit', onExit);
  });
}

async function ask(file: string, mediaDir: string): Promise<TakenPicture> {
  clearTimeout(idle);
  let proc = running;
  const fresh = !proc?.connected;
  if (!proc?.connected) {
    proc = running = start();
    const ready = await nextAnswer(proc, 60_000);
    // The process cannot even start (its file missing from a build): the pipeline is broken, not the picture.
    if (ready.kind !== 'ready') throw new Error(`the picture process did not start (${ready.kind === 'ended' ? ready.how : ready.kind})`);
  }
  proc.ref();
  proc.channel?.ref();
  const message: PictureAsk = { file, mediaDir };
  // Sent to a process that has ended unheard, it fails (EPIPE, which no listener would end the server with):
  // the process's end then follows.
  const given = proc;
  given.send(message, (err) => {
    if (err) given.kill('SIGKILL');
  });
  const answer = await nextAnswer(proc, PICTURE_MS);
  if (answer.kind === 'ended') {
    running = null;
    await removeHalfMade(mediaDir);
    // It had made pictures and waited: it may have ended before this one came (nothing tells that apart from
    // an end mid-picture); the picture goes to a new process. One that ends a new process is refused.
    if (!fresh && answer.how !== 'stalled') return ask(file, mediaDir);
    return { ok: false, reason: answer.how === 'stalled' ? PICTURE_REFUSALS.stalled : PICTURE_REFUSALS.crashed, peakMb: 0 };
  }
  // Idle from here until the next ask: the server (or a command) may end meanwhile without waiting for it.
  proc.unref();
  proc.channel?.unref();
  idle = setTimeout(release, IDLE_MS).unref();
  if (answer.kind === 'error') throw new Error(answer.message);
  if (answer.kind === 'ready') throw new Error('the picture process answered ready twice');
  return { ...answer.outcome, peakMb: answer.peakMb };
}

/**
 * Takes a picture file into the shop: its address (the largest JPEG, common/pictures.ts) once every variant is
 * made, or why it was refused. Never throws for a bad file; a full disk or a missing folder does throw.
 */
export function takePicture(file: string, mediaDir: string): Promise<TakenPicture> {
  const turn = queue.then(() => ask(file, mediaDir));
  queue = turn.catch(() => undefined);
  return turn;
}
