// One labelled form field (the checkout, the account pages and popups): the caller's input, its error text
// when it fails, and the props that mark the input as failing and tie it to that text.
import type { ReactNode } from 'react';

export function Field({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className={`field${error ? ' has-error' : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children}
      {error && (
        <p className="form-error" id={`${id}-error`}>
          {error}
        </p>
      )}
    </div>
  );
}

/** The props that mark an input as failing and tie it to its error text. */
export const invalid = (id: string, error?: string) => ({
  'aria-invalid': !!error,
  'aria-describedby': error ? `${id}-error` : undefined,
});
