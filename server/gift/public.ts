// What the other areas of the server may use of gift/: gift certificates and cards. Everything else in the
// folder is its own (eslint.config.js refuses an import from another area past this file).
export { CARD_MESSAGES, usableCard } from './gift-cards.ts';
export { cardByCode, cardsIssuedFor } from './gift-sql.ts';
export { default as giftRoutes } from './routes.ts';
