// A small data hook: loads when its key changes, drops answers to an older key, and reports loading and
// failure so a page can say so (spec §8: a failed load is logged and the list stays empty).
import { useEffect, useState } from 'react';

export interface Loaded<T> {
  data: T | undefined;
  error: unknown;
  loading: boolean;
}

export function useLoad<T>(key: string | null, load: () => Promise<T>): Loaded<T> {
  const [state, setState] = useState<Loaded<T> & { key: string | null }>({ key: null, data: undefined, error: null, loading: key !== null });
  useEffect(() => {
    if (key === null) return;
    let live = true;
    setState((s) => ({ ...s, key, loading: true, error: null }));
    load().then(
      (data) => live && setState({ key, data, error: null, loading: false }),
      (error: unknown) => {
        if (!live) return;
        console.error('[load]', key, error);
        setState({ key, data: undefined, error, loading: false });
      },
    );
    return () => {
      live = false;
    };
    // The key names the request; load is a fresh closure each render by design.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key]);
  // While a new key loads, the previous data stays on screen (no flash of an empty list).
  return { data: state.data, error: state.error, loading: state.loading || state.key !== key };
}
