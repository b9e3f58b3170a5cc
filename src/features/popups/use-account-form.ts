// The state every account form shares: its values, the hints of failing fields (typing in a field clears
// its hint), the failure text of the last call and whether a call is running. Submit checks the rules
// first: with any hint, nothing is sent (spec §5).
import { useState, type FormEvent } from 'react';
import { hasHints, type Hints } from './account-rules.ts';

export function useAccountForm<K extends string>(initial: Record<K, string>) {
  const [values, setValues] = useState(initial);
  const [hints, setHints] = useState<Hints<K>>({});
  const [failure, setFailure] = useState('');
  const [sending, setSending] = useState(false);

  const set = (k: K) => (v: string) => {
    setValues((s) => ({ ...s, [k]: v }));
    setHints((h) => {
      if (!h[k]) return h;
      const next = { ...h };
      delete next[k];
      return next;
    });
  };

  /** A submit handler: check, then send; what send throws becomes the failure text through `failed`. */
  const submit =
    (check: (v: Record<K, string>) => Hints<K>, send: (v: Record<K, string>) => Promise<void>, failed: (err: unknown) => string) =>
    async (e: FormEvent) => {
      e.preventDefault();
      const found = check(values);
      setHints(found);
      setFailure('');
      if (hasHints(found) || sending) return;
      setSending(true);
      try {
        await send(values);
      } catch (err) {
        console.warn('[account form]', err);
        setFailure(failed(err));
      } finally {
        setSending(false);
      }
    };

  return { values, hints, failure, setFailure, sending, set, submit };
}
