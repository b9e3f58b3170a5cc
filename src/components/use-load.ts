// A small data hook: loads when its key changes, drops answers to an older key, and reports loading and
// failure so a page can say so (spec §8: a failed load is logged and the list stays empty). A key the
// server rendered the page with starts from that data (state/seeds.ts): nothing is loaded, and the first
// render matches the server's HTML. A request may name what is on hand offline (the offline search, the
// saved favourites): shown when the network fails, or while the server is slow to answer, until it does.
import { useEffect, useState } from 'react';
import type { Ask } from '../../common/page-module.ts';
import { loadAsk } from '../api/asks.ts';
import { ApiError } from '../api/client.ts';
import { seedUsed, useSeeds, type Seed } from '../state/seeds.ts';

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
}

const fromSeed = <T>(key: string, seed: Seed): Settled<T> =>
  'data' in seed
    ? { key, data: seed.data as T, error: null }
    : { key, data: undefined, error: new ApiError(seed.error.message, seed.error.status) };

/** How long a load with an offline answer waits for the server before showing what is on hand meanwhile. */
export const OFFLINE_ANSWER_AFTER_MS = 2_500;

export function useLoad<T>(key: string | null, load: () => Promise<T>, onHand?: () => Promise<T>): Loaded<T> {
  const seeds = useSeeds();
  const seed = key === null ? undefined : seeds[key];
  const [settled, setSettled] = useState<Settled<T>>(() =>
    seed && key !== null ? fromSeed<T>(key, seed) : { key: null, data: undefined, error: null },
  );
  useEffect(() => {
    if (key === null) return;
    if (settled.key === key && seeds[key]) {
      // Rendered with the server's data: it is this page load's only use of it (a later visit loads afresh).
      seedUsed(seeds, key);
      return;
    }
    let live = true;
    let answered = false;
    const fail = (error: unknown) => {
      if (!live) return;
      console.error('[load]', key, error);
      setSettled({ key, data: undefined, error });
    };
    // What is on hand, read once: shown unless the server has answered; false when there is nothing.
    let offline: Promise<boolean> | null = null;
    const showOnHand = () =>
      (offline ??= onHand!().then(
        (data) => {
          if (live && !answered) setSettled({ key, data, error: null });
          return true;
        },
        () => false,
      ));
    const slow = onHand ? setTimeout(() => void showOnHand(), OFFLINE_ANSWER_AFTER_MS) : undefined;
    load().then(
      (data) => {
        answered = true;
        clearTimeout(slow);
        if (live) setSettled({ key, data, error: null });
      },
      (error: unknown) => {
        clearTimeout(slow);
        if (onHand && error instanceof ApiError && error.isNetwork) void showOnHand().then((shown) => shown || fail(error));
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

/**
 * One of the page module's asks (common/pages/), loaded in the browser unless the server's rendering (or the
 * app shell) seeded it; `onHand` is what to show when the server cannot be reached.
 */
export const useAsk = <T>(ask: Ask<T> | undefined, onHand?: () => Promise<T>): Loaded<T> =>
  useLoad(ask?.key ?? null, () => loadAsk(ask!), onHand);
