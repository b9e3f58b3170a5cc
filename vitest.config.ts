// Vitest: unit tests (pure modules; jsdom where a file asks for it) and server tests (app.inject on
// in-memory PGlite, and on PostgreSQL too when TEST_DATABASE_URL is set, each file on a copy of a database
// seeded once by tests/server/template-databases.ts).
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    // Limits for a test that is stuck, never timings: on a loaded machine (two cores, another suite beside it)
    // a test takes three to four times as long as alone (tests/support/patience.ts says the same for a test's
    // own waits).
    testTimeout: 120_000,
    hookTimeout: 300_000,
    expect: { poll: { timeout: 30_000, interval: 50 } },
    maxWorkers: 2,
    projects: [
      // Each unit test file in a fresh module graph: the page's stores are module state, and a jsdom file
      // leaves a `window` behind.
      { extends: true, test: { name: 'unit', include: ['tests/unit/**/*.test.{ts,tsx}'], environment: 'node' } },
      // The server test files share a worker's modules (they are imported once, not once a file): every test
      // builds its own app on its own database, and the server keeps no state in its modules, which this
      // holds it to (the two-renders test would see one render's data in the other's page).
      // Its databases are seeded once and copied for each test file (a run of unit files alone seeds nothing).
      {
        extends: true,
        test: {
          name: 'server',
          include: ['tests/server/**/*.test.ts'],
          environment: 'node',
          isolate: false,
          globalSetup: ['tests/server/template-databases.ts'],
        },
      },
    ],
  },
});
