// @vitest-environment jsdom
// The background work's chunk cut off because the shopper is leaving the page (Firefox fails the loads of a
// page being left, even when the service worker has them) is not an error; one that cannot be had while the
// shopper stays on the page offline is tried again when the network returns, and a failure then says so.
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PATIENCE } from '../support/patience.ts';
import { STORAGE_KEYS } from '../../common/storage-keys.ts';

vi.mock('../../src/app/Part.tsx', () => ({ whenHydrated: () => Promise.resolve() }));
vi.mock('../../src/app/background.ts', () => {
  throw new TypeError('error loading dynamically imported module: /assets/background.js');
});

describe('the background start when its chunk fails', () => {
  afterEach(() => {
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  const startNow = async () => {
    vi.stubGlobal('requestIdleCallback', (fn: () => void) => fn());
    const { startAfterPaint } = await import('../../src/app/start.ts');
    startAfterPaint();
  };

  it('says nothing when the page is being left', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    dispatchEvent(new Event('pagehide'));
    await startNow();
    await new Promise((r) => setTimeout(r, 20));
    expect(logged).not.toHaveBeenCalled();
    dispatchEvent(new Event('pageshow'));
  });

  it('offline, waits for the network and tries again; a failure online is logged', async () => {
    vi.resetModules();
    // A reload was made a moment ago: the failure online goes to the log, not to a second reload.
    sessionStorage.setItem(STORAGE_KEYS.chunkReloadAt, String(Date.now()));
    const online = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    await startNow();
    await new Promise((r) => setTimeout(r, 20));
    expect(logged).not.toHaveBeenCalled();
    online.mockReturnValue(true);
    dispatchEvent(new Event('online'));
    await vi.waitFor(() => expect(logged).toHaveBeenCalledWith('[start] the background work could not load', expect.anything()), PATIENCE);
  });
});
