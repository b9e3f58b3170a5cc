// What an account page says after a call: the server's message, or the failure's text (spec §8), as a status
// or an alert; and the hook that runs one call at a time and keeps that result.
import { useState } from 'react';
import { registerFailure as failureText } from '../../api/account-errors.ts';

export type Result = { ok: boolean; text: string } | null;

export function ResultMessage({ result }: { result: Result }) {
  if (!result) return null;
  return (
    <p className={result.ok ? 'form-ok' : 'form-error'} role={result.ok ? 'status' : 'alert'}>
      {result.text}
    </p>
  );
}

/** Runs a call (its answer's text is the success to show), one at a time; a failure shows its text. */
export function useResultCall() {
  const [result, setResult] = useState<Result>(null);
  const [sending, setSending] = useState(false);
  const run = async (call: () => Promise<string>): Promise<boolean> => {
    setSending(true);
    try {
      setResult({ ok: true, text: await call() });
      return true;
    } catch (err) {
      console.warn('[account] the call failed', err);
      setResult({ ok: false, text: failureText(err) });
      return false;
    } finally {
      setSending(false);
    }
  };
  return { result, sending, run, clear: () => setResult(null) };
}
