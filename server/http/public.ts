// What the other areas of the server may use of http/: the HTTP layer: routes from the endpoint table, who asks,
// errors, limits, idempotent calls, signed links. Everything else in the folder is its own (eslint.config.js
// refuses an import from another area past this file).
export { routeKey } from './cached-answers.ts';
export { parse } from './contract.ts';
export { route } from './endpoint-route.ts';
export { MESSAGES, registerErrorHandling } from './errors.ts';
export { formPageRoutes } from './form-body.ts';
export { dropOldAnswers, moveAnswers } from './idempotency-sql.ts';
export { idempotentCall } from './idempotency.ts';
export {
  STAFF_MESSAGES,
  clearDeskCookie,
  clearSessionCookies,
  decorateIdentity,
  deskKeyOf,
  deviceKey,
  knownShopper,
  openDeskEmail,
  pageShopper,
  scopeOf,
  sessionClient,
  setDeskCookie,
  setSessionCookies,
  shopper,
  staffAddressOf,
  staffMember,
  staffPageStatus,
  tokenOf,
  type SessionClient,
  type Shopper,
} from './identity.ts';
export { sendLinkPage, type LinkPage } from './link-page.ts';
export { escapeMarkup } from './markup.ts';
export { dropOldHits } from './rate-limit-sql.ts';
export { LIMITS, LONGEST_WINDOW_S, forgetAttempts, giveBack, spendAttempt, type Limit } from './rate-limit.ts';
export { REFUSAL_STATUS } from './refusal-status.ts';
export { ResponseCache, type Computed } from './response-cache.ts';
export { registerSigner, type Signer } from './signer.ts';
export { splitUrl } from './split-url.ts';
export { matchesEtag, sendStored, strongEtag, type StoredResponse } from './stored-response.ts';
