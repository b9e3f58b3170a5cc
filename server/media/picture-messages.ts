// What the server and its picture process say to each other (picture-maker.ts, picture-process.ts).
import type { PictureOutcome } from './make-picture.ts';

/** The server asks for one picture: a file already on disk, and the media folder to make it into. */
export interface PictureAsk {
  file: string;
  mediaDir: string;
}

/** The process is started; then, for each ask, its outcome or the error that stopped it (a full disk). */
export type PictureAnswer =
  { kind: 'ready' } | { kind: 'outcome'; outcome: PictureOutcome; peakMb: number } | { kind: 'error'; message: string; peakMb: number };
