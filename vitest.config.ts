// Vitest: unit tests (pure modules; jsdom where a file asks for it) and server tests (app.inject on
// in-memory PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/unit/**/*.test.{ts,tsx}', 'tests/server/**/*.test.ts'],
    environment: 'node',
    testTimeout: 30_000,
    hookTimeout: 120_000,
    // Each server test file seeds its own database: two at a time fits this machine's 2 cores.
    maxWorkers: 2,
  },
});
