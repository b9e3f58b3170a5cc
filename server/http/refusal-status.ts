// The HTTP status each kind of refusal (server/refusal.ts) is answered with: the one place where the shop's
// reasons become status codes (the error handler, errors.ts, and the stored answers of idempotent calls).
import type { RefusalKind } from '../refusal.ts';

export const REFUSAL_STATUS: Record<RefusalKind, number> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  notFound: 404,
  conflict: 409,
  unprocessable: 422,
  tooMany: 429,
  providerFailed: 502,
  notReady: 503,
};
