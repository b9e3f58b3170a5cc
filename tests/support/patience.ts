// How long a test waits for what it expects before it calls it missing. These are limits for a test that is
// stuck, never timings (timings are the bench's): on a loaded machine (two cores, another suite beside it) a
// test takes three to four times as long as on an idle one, so each limit is many times what the wait needs
// there. vitest.config.ts sets the same for expect.poll and a test's own limit.
export const PATIENCE = { timeout: 30_000, interval: 50 };
