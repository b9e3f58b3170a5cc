// The shop's staff in the end-to-end run: STAFF_EMAILS of the server Playwright starts (playwright.config.ts).
// Each test that works at the desk has a manager of its own (tests/e2e/desk.spec.ts, accounting.spec.ts,
// pay-on-receipt.spec.ts, fitting.spec.ts, cdek.spec.ts): each proves the address and sets up an authenticator the first
// time, whichever test runs first or beside it.
export const E2E_STAFF = {
  desk: 'manager@moreimoda.example',
  accounting: 'accountant@moreimoda.example',
  onReceipt: 'dispatcher@moreimoda.example',
  fitting: 'courier-desk@moreimoda.example',
  cdek: 'cdek-desk@moreimoda.example',
} as const;
