// The shop's staff in the end-to-end run: STAFF_EMAILS of the server Playwright starts (playwright.config.ts),
// the account the manager's-day test signs in with (tests/e2e/desk.spec.ts).
export const E2E_STAFF_EMAIL = 'manager@moreimoda.example';
