// What the other areas of the server may use of mail/: the mail outbox and its delivery. Everything else in the
// folder is its own (eslint.config.js refuses an import from another area past this file).
export { default as mailDelivery } from './delivery-plugin.ts';
export { enqueueMail, mailOutboxDepth, type Mail } from './mail.ts';
