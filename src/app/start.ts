// What the page starts after its first paint, when the browser is idle (or within a second): its code is a
// chunk of its own (app/background.ts), loaded then, so none of it is in the first chunk or delays the
// paint or the hydration.

/** Runs fn when the browser is idle, or after `timeout` ms at the latest (Safari has no idle callback). */
export function whenIdle(fn: () => void, timeout = 1_000): void {
  if ('requestIdleCallback' in window) requestIdleCallback(fn, { timeout });
  else setTimeout(fn, 1);
}

export function startAfterPaint(): void {
  whenIdle(() => {
    import('./background.ts')
      .then((background) => background.start())
      .catch((err: unknown) => console.error('[start] the background work could not load', err));
  });
}
