// @vitest-environment jsdom
// The page's first script (src/boot.ts) loading the app: cut off because the shopper left the page at once
// (Firefox cuts a page's loads as soon as a navigation away begins), it is no failure: nothing is logged and
// no rejection goes unhandled. A real failure still says so.
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

describe("the page's first script (boot.ts) and the app's load", () => {
  let logged: ReturnType<typeof vi.spyOn>;
  const unhandled: unknown[] = [];
  const onUnhandled = (reason: unknown) => unhandled.push(reason);
  beforeEach(() => {
    vi.resetModules();
    unhandled.length = 0;
    process.on('unhandledRejection', onUnhandled);
    logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    document.body.innerHTML = ''; // the bare app shell: the app starts at once
  });
  afterEach(() => {
    process.off('unhandledRejection', onUnhandled);
    logged.mockRestore();
    vi.doUnmock('../../src/main.tsx');
  });

  /** The app's chunks cut off (after a navigation away began, with `leaving`) or not to be had. */
  const appCutOff = (leaving: boolean) =>
    vi.doMock('../../src/main.tsx', () => {
      if (leaving) dispatchEvent(new Event('beforeunload'));
      throw new TypeError('error loading dynamically imported module');
    });
  /** Boot's load of the app has settled, and what it left unhandled has been reported. */
  const appLoadSettled = async () => {
    await vi.dynamicImportSettled();
    await new Promise((next) => setImmediate(next));
  };

  it('is cut off by the shopper leaving at once: nothing is logged and no rejection goes unhandled', async () => {
    appCutOff(true);
    await import('../../src/boot.ts');
    await appLoadSettled();
    expect(unhandled).toEqual([]);
    expect(logged).not.toHaveBeenCalled();
  });

  it('that fails while the page stays is logged', async () => {
    appCutOff(false);
    await import('../../src/boot.ts');
    await appLoadSettled();
    expect(logged).toHaveBeenCalledOnce();
    expect(logged.mock.calls[0]![0]).toBe('[start] the app could not load');
  });
});
