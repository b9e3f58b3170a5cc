// A small data hook: loads when its key changes, drops answers to an older key, and reports loading and
// failure so a page can say so (spec §8: a failed load is logged and the list stays empty). A key the
// server rendered the page with starts from that data (state/seeds.ts): nothing is loaded, and the first
// render matches the server's HTML.
import { useEffect, useState } from 'react';
import { ApiError, call, type ShopCall } from '../api/client.ts';
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

export function useLoad<T>(key: string | null, load: () => Promise<T>): Loaded<T> {
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
    load().then(
      (data) => live && setSettled({ key, data, error: null }),
      (error: unknown) => {
        if (!live) return;
        console.error('[load]', key, error);
        setSettled({ key, data: undefined, error });
      },
    );
    return () => {
      live = false;
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
 * What a page loads, named: the key its data is seeded and read under, and how to load it with a caller
 * (`call` in the browser; the server runs the same requests in-process before it renders the page).
 */
export interface DataRequest<T> {
  key: string;
  load: (api: ShopCall) => Promise<T>;
}

/** A page's request, loaded in the browser with `call` unless the server's rendering seeded it. */
export const useData = <T>(req: DataRequest<T> | null): Loaded<T> => useLoad(req?.key ?? null, () => req!.load(call));
