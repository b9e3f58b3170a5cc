// @vitest-environment jsdom
// The page's background work (saving favourites and sizes among it) starts when the browser is idle, or at
// once when the shopper changes what is saved before then: a favourite added in the first second and a
// quick reload must not lose it (the save waits for that work to start).
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PATIENCE } from '../support/patience.ts';

const started = vi.fn();
vi.mock('../../src/app/background.ts', () => ({ start: started }));
let hydrate = () => {};
vi.mock('../../src/app/Part.tsx', () => ({ whenHydrated: () => new Promise<void>((r) => (hydrate = r)) }));

describe('the background start', () => {
  afterEach(() => {
    started.mockClear();
    vi.unstubAllGlobals();
  });

  it('a favourite added before the browser is idle starts the work at once, and only once', async () => {
    const idle: (() => void)[] = [];
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => idle.push(fn));
    const { startAfterPaint } = await import('../../src/app/start.ts');
    const { favorites } = await import('../../src/state/favorites.ts');
    startAfterPaint();
    expect(started).not.toHaveBeenCalled();
    favorites.ids = [...favorites.ids, 42];
    await vi.waitFor(() => expect(started).toHaveBeenCalledTimes(1), PATIENCE);
    idle.forEach((fn) => fn()); // the idle callback later changes nothing
    favorites.ids = [...favorites.ids, 43];
    await new Promise((r) => setTimeout(r, 10));
    expect(started).toHaveBeenCalledTimes(1);
  });

  it('the idle start waits until the page has hydrated (Safari, which has no idle callback, started it mid-hydration)', async () => {
    vi.resetModules();
    vi.stubGlobal('requestIdleCallback', undefined);
    delete (window as { requestIdleCallback?: unknown }).requestIdleCallback;
    const { startAfterPaint } = await import('../../src/app/start.ts');
    startAfterPaint();
    await new Promise((r) => setTimeout(r, 20));
    expect(started).not.toHaveBeenCalled();
    hydrate();
    await vi.waitFor(() => expect(started).toHaveBeenCalledTimes(1), PATIENCE);
  });
});
