// What the other areas of the server may use of payments/: payments through a provider (the bank, the test page)
// and refunds. Everything else in the folder is its own (eslint.config.js refuses an import from another area
// past this file).
export { confirmPayment, type PaymentProvider, type Verdict } from './providers.ts';
export { carryOutRefunds } from './refunds.ts';
export { issueClosingReceipts } from './closing-receipts.ts';
export { default as paymentRoutes } from './routes.ts';
export { sberbankProvider } from './sberbank.ts';
export { testPaymentProvider } from './test-provider.ts';
