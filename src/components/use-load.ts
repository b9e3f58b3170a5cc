// A small data hook: loads when its key changes, drops answers to an older key, and reports loading and
// failure so a page can say so (spec §8: a failed load is logged and the list stays empty). A key the server
// rendered the page with starts from that data (state/seeds.ts): nothing is loaded, and the first render
// matches the server's HTML; a page the service worker took from its cache is asked again after it. A request
// may name what is on hand offline (the offline search, the saved favourites): shown when the network fails,
// or while the server is slow to answer, until it does. A load may have a memory (a page's asks:
// api/answer-memory.ts): a kept answer is drawn in the first render at its key, and asked again unless it was
// fetched ahead moments ago and never shown; when the server cannot be reached it stays on screen, and when
// the server refuses it (a product taken off sale) it is forgotten and the refusal shown.
import { useEffect, useState } from 'react';
import type { Ask } from '../../common/page-module.ts';
import { answerOnce, forgetAnswer, recallAnswer, rememberAnswer, type Recalled } from '../api/answer-memory.ts';
import { ApiError } from '../api/api-error.ts';
import { asksModule } from '../api/asks-module.ts';
import { fromKeptPage, seedUsed, useSeeds, type Seed } from '../state/seeds.ts';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
}

/** The last answer, and the key it answered. */
interface Settled<T> {
  key: string | null;
  data: T | undefined;
  error: unknown;
  /** Drawn from memory, fetched ahead moments ago: not asked again. */
  fresh?: boolean;
}

/** Where a load's answers are kept between pages. */
export interface LoadMemory {
  recall<T>(key: string): Recalled<T> | undefined;
  remember(key: string, data: unknown): void;
  forget(key: string): void;
}

const fromSeed = <T>(key: string, seed: Seed): Settled<T> =>
  'data' in seed
    ? { key, data: seed.data as T, error: null }
    : { key, data: undefined, error: new ApiError(seed.error.message, seed.error.status) };

/** How long a load with an offline answer waits for the server before showing what is on hand meanwhile. */
export const OFFLINE_ANSWER_AFTER_MS = 2_500;

export function useLoad<T>(key: string | null, load: () => Promise<T>, onHand?: () => Promise<T>, memory?: LoadMemory): Loaded<T> {
  const seeds = useSeeds();
  const seed = key === null ? undefined : seeds[key];
  const recalled = (): Settled<T> | null => {
    const kept = key === null || seed ? undefined : memory?.recall<T>(key);
    return kept ? { key, data: kept.data, error: null, fresh: kept.fresh } : null;
  };
  const [settled, setSettled] = useState<Settled<T>>(
    () => (seed && key !== null ? fromSeed<T>(key, seed) : recalled()) ?? { key: null, data: undefined, error: null },
  );
  // A new key with a kept answer draws it in this very render (React's "adjusting state on a prop change").
  if (key !== settled.key && key !== null) {
    const kept = recalled();
    if (kept) setSettled(kept);
  }
  useEffect(() => {
    if (key === null) return;
    if (settled.key === key && seeds[key]) {
      // Rendered with the server's data: it is this page load's only use of it (a later visit loads afresh).
      const given = seeds[key];
      if ('data' in given) memory?.remember(key, given.data);
      seedUsed(seeds, key);
      // A page the service worker took from its cache (offline, or a slow network) is asked again, as one
      // drawn from memory: a price changed since it was kept does not stay on screen.
      if (!fromKeptPage(seeds)) return;
    }
    if (settled.key === key && settled.fresh) return;
    // Drawn from memory: what is on screen stays when asking again fails (rather than what is on hand offline).
    const shown = settled.key === key && settled.data !== undefined;
    const onHandNow = shown ? undefined : onHand;
    let live = true;
    let answered = false;
    const fail = (error: unknown) => {
      if (!live) return;
      console.error('[load]', key, error);
      const unreachable = error instanceof ApiError && error.isNetwork;
      if (shown && unreachable) return;
      if (shown) memory?.forget(key);
      setSettled({ key, data: undefined, error });
    };
    // What is on hand, read once: shown unless the server has answered; false when there is nothing.
    let offline: Promise<boolean> | null = null;
    const showOnHand = () =>
      (offline ??= onHandNow!().then(
        (data) => {
          if (live && !answered) setSettled({ key, data, error: null });
          return true;
        },
        () => false,
      ));
    const slow = onHandNow ? setTimeout(() => void showOnHand(), OFFLINE_ANSWER_AFTER_MS) : undefined;
    load().then(
      (data) => {
        answered = true;
        clearTimeout(slow);
        if (live) setSettled({ key, data, error: null });
      },
      (error: unknown) => {
        clearTimeout(slow);
        if (onHandNow && error instanceof ApiError && error.isNetwork) void showOnHand().then((hadSome) => hadSome || fail(error));
        else fail(error);
      },
    );
    return () => {
      live = false;
      clearTimeout(slow);
    };
    // The key names the request; load is a fresh closure each render by design.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  // Until the current key has answered it is loading, with no error yet; the previous data stays on screen
  // meanwhile (no flash of an empty list).
  const current = settled.key === key;
  return { data: settled.data, error: current ? settled.error : null, loading: key !== null && !current };
}

/** The page's memory of public answers, as a page's asks draw on it. */
const ANSWER_MEMORY: LoadMemory = {
  recall: (key) => recallAnswer(key, true),
  remember: (key, data) => rememberAnswer(key, data, true),
  forget: forgetAnswer,
};

/**
 * One of the page module's asks (common/pages/), loaded in the browser unless the server's rendering (or the
 * app shell) seeded it; `onHand` is what to show when the server cannot be reached.
 */
export const useAsk = <T>(ask: Ask<T> | undefined, onHand?: () => Promise<T>): Loaded<T> =>
  useLoad(ask?.key ?? null, () => answerOnce(ask!.key, () => loadAskLater(ask!), true), onHand, ANSWER_MEMORY);

/**
 * The API client (its endpoint table and contract checks) loads with a page's first ask, not with the page: a
 * page the server rendered hydrates from its seeds and asks nothing. The background work loads it at idle.
 */
const loadAskLater = async <T>(ask: Ask<T>): Promise<T> => {
  // Its code not to be had (offline before the service worker keeps the app) is the network failing too.
  const asks = await asksModule().catch((err: unknown) => {
    throw new ApiError('Нет связи с сервером', 0, err);
  });
  return asks.loadAsk(ask);
};
