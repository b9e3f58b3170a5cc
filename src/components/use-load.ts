// A small data hook: loads when its key changes, drops answers to an older key, and reports loading and
// failure so a page can say so (spec §8: a failed load is logged and the list stays empty).
import { useEffect, useState } from 'react';

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

export function useLoad<T>(key: string | null, load: () => Promise<T>): Loaded<T> {
  const [settled, setSettled] = useState<Settled<T>>({ key: null, data: undefined, error: null });
  useEffect(() => {
    if (key === null) return;
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
