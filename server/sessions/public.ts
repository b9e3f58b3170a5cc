// What the other areas of the server may use of sessions/: sign-in tokens, their lifetime, the desk's sessions
// and the visitors known before they sign in. Everything else in the folder is its own (eslint.config.js refuses an import from
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
  signInWayOf,
  userIdByToken,
  type SessionDevice,
  type SignInWay,
} from './tokens-sql.ts';
export {
  DESK_SESSION,
  deskSessionEmail,
  dropEndedDeskSessions,
  insertDeskSession,
  revokeDeskSession,
  revokeDeskSessionsOf,
} from './desk-sessions-sql.ts';
export { visitorHasCart } from './visitors-sql.ts';
