// End-to-end tests in Debian's Chromium against `npm start` (the real server on the built app) on a fresh
// temporary database. Chromium's path and the server's port can be overridden by CHROMIUM_PATH, E2E_PORT.
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './scripts/chromium.ts';
import { socialProviderEnv } from './tests/support/social-provider.ts';
import { E2E_BANK_CALLBACK_KEY, sberbankEnv } from './tests/support/sberbank-bank.ts';
import { E2E_STAFF } from './tests/support/staff.ts';
import { exchangeEnv } from './scripts/stand-in-1c.ts';

const port = Number(process.env.E2E_PORT ?? 8190);
// Workers re-read this file: the first evaluation picks the folder and the rest inherit it.
process.env.E2E_DATA_DIR ??= mkdtempSync(path.join(tmpdir(), 'shop-e2e-'));
// The shop's real SMTP delivery goes to a sink (tests/support/smtp-sink.ts) that writes each mail to this file.
process.env.E2E_SMTP_PORT ??= String(port + 1);
process.env.E2E_MAIL_FILE ??= path.join(process.env.E2E_DATA_DIR, 'mail.jsonl');
// The stand-in VK and Facebook (tests/support/social-provider.ts) the shop's social login talks to.
process.env.E2E_SOCIAL_PORT ??= String(port + 2);
// The stand-in bank (tests/support/sberbank-bank.ts) the shop takes payments through.
process.env.E2E_BANK_PORT ??= String(port + 3);
// The stand-in Web Push service (tests/support/push-service.ts): the endpoints of the test's subscriptions are
// there, and the shop sends its notifications to it.
process.env.E2E_PUSH_PORT ??= String(port + 4);

export default defineConfig({
  testDir: 'tests/e2e',
  fullyParallel: false,
  // Two browsers side by side on one shop: the tests keep apart (their own visitors, accounts and order numbers;
  // the chaos test has goods no other test orders), and much of each test is waiting on the network.
  workers: Number(process.env.E2E_WORKERS ?? 2),
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list']],
  globalSetup: './tests/e2e/setup.ts',
  globalTeardown: './tests/e2e/teardown.ts',
  projects: [
    { name: 'shop', testIgnore: /update\.spec\.ts$/ },
    // Deploys a new version (it changes dist/sw.js): alone, once every other test is done.
    { name: 'new version', testMatch: /update\.spec\.ts$/, dependencies: ['shop'] },
  ],
  use: {
    baseURL: `http://localhost:${port}`,
    serviceWorkers: 'allow',
    // A returning shopper who accepted cookies (both records: localStorage's flag and the cookie the server
    // reads) and closed the channel popup: the flows under test are not covered by them.
    // tests/e2e/widgets.spec.ts starts from a first visit instead.
    storageState: {
      cookies: [
        {
          name: 'cookieAccepted',
          value: 'true',
          domain: 'localhost',
          path: '/',
          expires: -1,
          httpOnly: false,
          secure: false,
          sameSite: 'Lax',
        },
      ],
      origins: [
        {
          origin: `http://localhost:${port}`,
          localStorage: [
            { name: 'cookieAccepted', value: 'true' },
            { name: 'telegramPopupClosed', value: 'true' },
          ],
        },
      ],
    },
    locale: 'ru-RU',
    timezoneId: 'Europe/Moscow',
    launchOptions: { executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS },
    trace: 'off',
  },
  webServer: {
    command: 'npm start',
    url: `http://localhost:${port}/api/v1/organization`,
    timeout: 180_000,
    reuseExistingServer: false,
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      DATA_DIR: process.env.E2E_DATA_DIR,
      LOG_LEVEL: 'warn',
      // Every answer the browser gets is checked against the contract on the way out.
      CHECK_ANSWERS: '1',
      DATABASE_URL: '',
      SMTP_URL: `smtp://127.0.0.1:${process.env.E2E_SMTP_PORT}`,
      ...socialProviderEnv(`http://127.0.0.1:${process.env.E2E_SOCIAL_PORT}`),
      // Paid through the stand-in bank (tests/support/sberbank-bank.ts), as a real shop is.
      ...sberbankEnv(`http://127.0.0.1:${process.env.E2E_BANK_PORT}`, E2E_BANK_CALLBACK_KEY),
      // The push endpoints the shop accepts: the stand-in push service's (a real shop's are the browsers' services).
      PUSH_SERVICES: `http://127.0.0.1:${process.env.E2E_PUSH_PORT}`,
      // The managers of the tests at the desk (tests/e2e/desk.spec.ts, accounting.spec.ts).
      STAFF_EMAILS: Object.values(E2E_STAFF).join(','),
      // The accounting system's exchange the stand-in 1C speaks to (tests/e2e/accounting.spec.ts).
      ...exchangeEnv(),
    },
  },
});
