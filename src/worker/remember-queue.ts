// Gathers the catalogue answers the offline search should keep (every API answer with offer cards, and the
// server's seeds) and hands them to the worker in batches, after the page has painted and settled. Small on
// purpose: the page's first chunk imports it; the worker's client (client.ts, with Comlink) loads with the
// first batch.
import { unlessLeaving } from '../lib/page-leaving.ts';

/** How long answers gather before they go to the worker. */
const REMEMBER_DELAY_MS = 1_500;
let waiting: unknown[] = [];
let timer: ReturnType<typeof setTimeout> | null = null;

const take = () => {
  if (timer) clearTimeout(timer);
  timer = null;
  const batch = waiting;
  waiting = [];
  return batch;
};

/** Hands catalogue answers (anything holding offer cards) to the offline search, a batch at a time. */
export function rememberOffers(answers: readonly unknown[]): void {
  // Copied now: a store may take the answer into a valtio proxy, which could no longer be sent to the worker.
  waiting.push(...structuredClone(answers));
  timer ??= setTimeout(() => {
    const batch = take();
    // The client's chunk may fail to load (offline after a deploy): the batch is dropped, the queue goes on;
    // one cut off by the shopper leaving the page is no failure and says nothing.
    unlessLeaving(() => import('./client.ts')).then(
      (c) => c.rememberNow(batch),
      (err: unknown) => console.warn('[search] the offline search could not load', err),
    );
  }, REMEMBER_DELAY_MS);
}

/** Before a search of the seen offers: what waits is kept first, so it is searched too. */
export async function rememberWaiting(): Promise<void> {
  if (!timer) return;
  const { rememberNow } = await import('./client.ts');
  await rememberNow(take());
}
