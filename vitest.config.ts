// Vitest: unit tests (pure modules; jsdom where a file asks for it) and server tests (app.inject on
// in-memory PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set, each file on a copy of a database
// seeded once by tests/server/template-databases.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/server/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // The server suite's databases are seeded once and copied for each test file.
    globalSetup: ['tests/server/template-databases.ts'],
    maxWorkers: 2,
  },
});
