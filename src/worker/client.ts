// Owns the search worker's lifecycle: starts it on first use, and falls back to running the same code on
// the main thread where a module worker cannot start (old browsers, tests), so callers never need to care.
// Catalogue answers reach it through remember-queue.ts, which the page's first chunk can hold: this module,
// with Comlink, loads only when the queue is first handed over or the offline search is asked.
import { wrap, type Remote } from 'comlink';
import type { Offer, OfferFilter, OfferPage } from '../../common/contract/catalog.ts';
import type { SearchApi } from '../../common/search-core.ts';
import { unlessLeaving } from '../lib/page-leaving.ts';
import { rememberWaiting } from './remember-queue.ts';

let remote: Remote<SearchApi> | null = null;
let inThread: Promise<SearchApi> | null = null;

/**
 * The worker's code on the main thread, loaded only when it is needed (it is no part of the page's first
 * chunk). A load that failed (the network dropped) is tried again at the next call.
 */
function searchInThread(): Promise<SearchApi> {
  inThread ??= Promise.all([import('../../common/search-core.ts'), import('../../common/browser/seen-offers-store.ts')]).then(
    ([{ createSearchCore }, { seenOffersInIndexedDb }]) => createSearchCore(seenOffersInIndexedDb),
    (err: unknown) => {
      inThread = null;
      throw err;
    },
  );
  return inThread;
}
let failed = false;
/** Rejects when the worker dies (its script failed to load, or an error escaped it): Comlink would wait forever. */
let died: Promise<never> = new Promise(() => undefined);

function worker(): Remote<SearchApi> | null {
  if (remote || failed || typeof Worker === 'undefined') return remote;
  try {
    const w = new Worker(new URL('./search.worker.ts', import.meta.url), { type: 'module', name: 'search' });
    died = new Promise<never>((_, reject) => {
      w.addEventListener('error', (e) => {
        failed = true;
        remote = null;
        w.terminate();
        reject(new Error(`the search worker died: ${e.message || 'its script did not load'}`));
      });
    });
    died.catch(() => undefined); // only the calls in flight need to hear of it
    remote = wrap<SearchApi>(w);
  } catch {
    failed = true;
  }
  return remote;
}

/**
 * Calls the worker, or the same code on the main thread where the worker cannot start or has died (a call in
 * flight when it dies is run again there); a worker that works passes its own errors on. A call whose loads
 * the shopper's leaving the page cut off never answers (nothing failed: the page is going).
 */
function call<K extends keyof SearchApi>(name: K, ...args: Parameters<SearchApi[K]>): ReturnType<SearchApi[K]> {
  type Method = (...a: Parameters<SearchApi[K]>) => Promise<unknown>;
  const run = (api: SearchApi | Remote<SearchApi>) => (api[name] as unknown as Method)(...args);
  const inPage = () => searchInThread().then(run);
  const answer = unlessLeaving(() => {
    const w = worker();
    return w ? Promise.race([run(w), died]).catch((err: unknown) => (failed ? inPage() : Promise.reject(err))) : inPage();
  });
  return answer as ReturnType<SearchApi[K]>;
}

/**
 * How often a batch is handed to the seen offers' database when it did not answer in time (busy or slow:
 * WebKitGTK's kept writes waiting over 5 s beside the test suites on two cores), a while apart. Nobody waits
 * on a batch, so a slow database costs nothing but the wait.
 */
const REMEMBER_TRIES = 3;
const REMEMBER_AGAIN_MS = 5_000;
/** SeenOffersUnanswered's name (common/browser/seen-offers-store.ts), which is all of it that crosses from the worker. */
const UNANSWERED = 'SeenOffersUnanswered';

/** Keeps the offer cards of these catalogue answers (remember-queue.ts hands them over in batches). */
export async function rememberNow(answers: unknown[], tries = 1): Promise<void> {
  await call('remember', answers).catch((err: unknown) => {
    if (!(err instanceof Error && err.name === UNANSWERED)) return console.error('[search] could not remember offers', err);
    if (tries < REMEMBER_TRIES) setTimeout(() => void rememberNow(answers, tries + 1), REMEMBER_AGAIN_MS);
    else console.warn(`[search] offers not kept for the offline search: ${err.message}, ${tries} times`);
  });
}

/** A page of the seen offers matching the query (the offline search), with the pending answers counted in. */
export async function searchSeenOffers(query: string, filter: OfferFilter, offset: number): Promise<OfferPage> {
  await rememberWaiting();
  return call('searchSeen', query, filter, offset);
}

/** The seen offers of these ids; those never seen are left out. */
export async function seenOffers(ids: readonly number[]): Promise<Offer[]> {
  await rememberWaiting();
  return call('seenOffers', [...ids]);
}
