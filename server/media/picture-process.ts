// The picture process's entry: a child process of the server (picture-maker.ts starts it) that makes one
// picture at a time through the pipeline (make-picture.ts) and answers with the outcome and its own memory
// peak. It ends when the server lets it go, or when the server itself ends (its channel closes).
import { readFileSync } from 'node:fs';
import { makePicture } from './make-picture.ts';
import type { PictureAsk, PictureAnswer } from './picture-messages.ts';

/**
 * This process's own memory peak: Linux's VmHWM. (getrusage's maxRSS is kept across exec, so a child started
 * by a large server would report the server's peak as its own.)
 */
function peakMb(): number {
  try {
    const hwm = /^VmHWM:\s+(\d+) kB/m.exec(readFileSync('/proc/self/status', 'utf8'));
    if (hwm) return Math.round(Number(hwm[1]) / 1024);
  } catch {
    // not Linux: the nearest figure there is
  }
  return Math.round(process.resourceUsage().maxRSS / 1024);
}
const answer = (message: PictureAnswer) => process.send!(message);

process.on('message', (ask: PictureAsk) => {
  makePicture(ask.file, ask.mediaDir).then(
    (outcome) => answer({ kind: 'outcome', outcome, peakMb: peakMb() }),
    (err: unknown) => answer({ kind: 'error', message: err instanceof Error ? err.message : String(err), peakMb: peakMb() }),
  );
});
process.on('disconnect', () => process.exit(0));
answer({ kind: 'ready' });
