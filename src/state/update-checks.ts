// When the page asks whether the shop has a new version (a new service worker): the registration asks once
// at start; this asks again when the shopper comes back to the tab (at most once a minute) and every hour
// while the tab is visible, so an installed app kept open for days still learns of a new build.
export const UPDATE_CHECK_EVERY_MS = 60 * 60 * 1000;
/** A return to the tab within this long after the last check asks nothing. */
export const UPDATE_CHECK_GAP_MS = 60 * 1000;

interface Clock {
  now(): number;
  setInterval(fn: () => void, ms: number): unknown;
  clearInterval(handle: unknown): void;
}

const realClock: Clock = {
  now: () => Date.now(),
  setInterval: (fn, ms) => setInterval(fn, ms),
  clearInterval: (h) => clearInterval(h as ReturnType<typeof setInterval>),
};

/** Starts the checks (`check` asks for a new version: the registration's update()); answers how to stop them. */
export function startUpdateChecks(
  check: () => unknown,
  doc: Pick<Document, 'visibilityState' | 'addEventListener' | 'removeEventListener'> = document,
  clock: Clock = realClock,
): () => void {
  let last = clock.now();
  const ask = () => {
    if (doc.visibilityState !== 'visible') return;
    last = clock.now();
    const failed = (err: unknown) => console.warn('[sw] update check failed', err);
    // Asked at once; a check that throws or rejects is only logged.
    try {
      void Promise.resolve(check()).catch(failed);
    } catch (err) {
      failed(err);
    }
  };
  const onVisible = () => {
    if (clock.now() - last >= UPDATE_CHECK_GAP_MS) ask();
  };
  doc.addEventListener('visibilitychange', onVisible);
  const timer = clock.setInterval(ask, UPDATE_CHECK_EVERY_MS);
  return () => {
    doc.removeEventListener('visibilitychange', onVisible);
    clock.clearInterval(timer);
  };
}
