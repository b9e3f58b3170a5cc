// What the other areas of the server may use of sessions/: sign-in tokens, their lifetime, and the visitors
// known before they sign in. Everything else in the folder is its own (eslint.config.js refuses an import from
// another area past this file).
export { SESSION_LIFETIME } from './session-lifetime.ts';
export {
  LIVE_TOKEN,
  emailOfUser,
  insertToken,
  liveSessions,
  revokeOtherTokens,
  revokeToken,
  revokeUserTokens,
  userIdByToken,
  type SessionDevice,
} from './tokens-sql.ts';
export { visitorHasCart } from './visitors-sql.ts';
