// The page's memory of public answers (a page module's asks), by their seed keys: what was fetched ahead of
// a tap (app/prefetch.ts) and what a page has shown. A page reads it before it asks: an answer fetched ahead
// less than FRESH_MS ago and never drawn is used as it is; any other kept answer is drawn at once and asked
// again (prices and stock are never trusted twice from memory), and stays if the server cannot be reached. A request
// on its way is joined, never made twice. Bounded: KEPT answers, each for KEPT_MS, the oldest dropped first.
// A Map rather than lru-cache: this module is in the first download of every page, and these few lines do
// all the bounding that is needed here.

/** How many answers are kept. */
export const KEPT = 60;
/** How long an answer is kept at all. */
export const KEPT_MS = 15 * 60_000;
/** How long an answer fetched ahead and not yet drawn is used without asking again. */
export const FRESH_MS = 60_000;

interface Kept {
  data: unknown;
  /** When it was answered (Date.now()). */
  at: number;
  /** Shown by a page already: the next page to draw it asks again. */
  drawn: boolean;
}

const kept = new Map<string, Kept>();
const pending = new Map<string, Promise<unknown>>();

/** An answer recalled: its data, and whether it may be used without asking again. */
export interface Recalled<T> {
  data: T;
  fresh: boolean;
}

/** Keeps an answer (the newest last in the Map's order, so the first is the oldest). */
export function rememberAnswer(key: string, data: unknown, drawn: boolean): void {
  kept.delete(key);
  kept.set(key, { data, at: Date.now(), drawn });
  while (kept.size > KEPT) kept.delete(kept.keys().next().value!);
}

function keptAt(key: string): Kept | undefined {
  const k = kept.get(key);
  if (k && Date.now() - k.at > KEPT_MS) {
    kept.delete(key);
    return undefined;
  }
  return k;
}

/** The kept answer of a key, if any; `draw` marks it shown (so the next page to draw it asks again). */
export function recallAnswer<T>(key: string, draw: boolean): Recalled<T> | undefined {
  const k = keptAt(key);
  if (!k) return undefined;
  const fresh = !k.drawn && Date.now() - k.at < FRESH_MS;
  if (draw) k.drawn = true;
  return { data: k.data as T, fresh };
}

/** Whether an answer fetched ahead and still fresh is kept (fetching it ahead again would be waste). */
export const answerAtHand = (key: string): boolean => recallAnswer(key, false)?.fresh ?? false;

/**
 * The answer of a key, loaded once however many ask at the same time, and kept (`draw`: for a page that
 * shows it, or fetched ahead and not yet shown). A failure keeps whatever older answer was kept.
 */
export function answerOnce<T>(key: string, load: () => Promise<T>, draw: boolean): Promise<T> {
  const waiting = pending.get(key) as Promise<T> | undefined;
  if (waiting) {
    if (draw)
      void waiting.then(
        () => recallAnswer(key, true),
        () => undefined,
      );
    return waiting;
  }
  const asked = load().then((data) => {
    rememberAnswer(key, data, draw);
    return data;
  });
  pending.set(key, asked);
  const done = () => pending.delete(key);
  asked.then(done, done);
  return asked;
}

/** Forgets one answer (the server refused it: a page gone from the shop). */
export function forgetAnswer(key: string): void {
  kept.delete(key);
}

/** Forgets everything (the tests). */
export function forgetAnswers(): void {
  kept.clear();
  pending.clear();
}
