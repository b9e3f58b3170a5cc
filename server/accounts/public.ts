// What the other areas of the server may use of accounts/: accounts: users, sign-in, profiles, addresses,
// favourites, the mailing and the bonus ledger. Everything else in the folder is its own (eslint.config.js
// refuses an import from another area past this file).
export { fullName, signedInUser } from './account-rules.ts';
export { default as authRoutes } from './auth-routes.ts';
export { BONUS_RULES, accrualFor, bonusBalance, expiryOf, pointsToSpend } from './bonus-rules.ts';
export { addLedgerEntry, ledgerOf, ledgerRows } from './bonus-sql.ts';
export { default as mailingRoutes } from './mailing-routes.ts';
export { default as profileRoutes } from './profile-routes.ts';
export { default as socialRoutes } from './social-routes.ts';
export { userProfile } from './users-sql.ts';
