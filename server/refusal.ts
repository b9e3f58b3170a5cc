// What the shop refuses, and why, in the words a shopper reads: domain code throws a Refusal of a kind (an
// input that breaks a rule, something not found, a change the state does not allow…), never an HTTP status.
// The HTTP layer answers each kind with its status (http/errors.ts, by http/refusal-status.ts); a background pass or a script reads
// the same refusal as a reason. Anything else thrown is a fault, answered as a 500 that leaks nothing.

/** Why something is refused; http/refusal-status.ts gives each its HTTP status. */
export type RefusalKind =
  | 'invalid' // the input breaks a rule (400)
  | 'unauthenticated' // nobody signed in, or not this one (401)
  | 'forbidden' // the asker may not do it (403)
  | 'notFound' // what it names does not exist for the asker (404)
  | 'conflict' // the state does not allow it now: a status, stock, a limit (409)
  | 'unprocessable' // understood, but cannot be carried out: an expired card, a reused key (422)
  | 'tooMany' // too many attempts in a while (429)
  | 'providerFailed' // a provider the shop depends on (a bank, a social network) refused or did not answer (502)
  | 'notReady'; // what is asked for is still being made and cannot be had yet: ask again later (503)

export class Refusal extends Error {
  constructor(
    readonly kind: RefusalKind,
    message: string,
  ) {
    super(message);
  }
}
