// An open app learns of a new version (issue 15, finding 4): the page asks for a new service worker when the
// shopper comes back to the tab (not twice within a minute) and every hour while the tab is visible; when the
// new version takes over, only the tab where the shopper accepted it reloads, the others ask first.
import { describe, expect, it, vi } from 'vitest';
import { UPDATE_CHECK_EVERY_MS, UPDATE_CHECK_GAP_MS, startUpdateChecks } from '../../src/state/update-checks.ts';
import { applyUpdate, newVersionTookOver, swStatus } from '../../src/state/sw-status.ts';

function fakeTab() {
  const target = new EventTarget();
  const doc = Object.assign(target, { visibilityState: 'visible' as DocumentVisibilityState });
  let now = 0;
  let tick: (() => void) | null = null;
  const clock = {
    now: () => now,
    setInterval: (fn: () => void) => (tick = fn),
    clearInterval: () => (tick = null),
  };
  return {
    doc,
    clock,
    advance: (ms: number) => (now += ms),
    tick: () => tick?.(),
    show: (visible: boolean) => {
      doc.visibilityState = visible ? 'visible' : 'hidden';
      doc.dispatchEvent(new Event('visibilitychange'));
    },
  };
}

describe('update checks', () => {
  it('asks on return to the tab (once a minute at most) and every hour while visible', () => {
    const tab = fakeTab();
    const check = vi.fn();
    const stop = startUpdateChecks(check, tab.doc, tab.clock);
    tab.show(false);
    tab.advance(10_000);
    tab.show(true); // back within a minute of the start's own check
    expect(check).not.toHaveBeenCalled();
    tab.show(false);
    tab.advance(UPDATE_CHECK_GAP_MS);
    tab.show(true);
    expect(check).toHaveBeenCalledTimes(1);
    tab.advance(UPDATE_CHECK_EVERY_MS);
    tab.tick();
    expect(check).toHaveBeenCalledTimes(2);
    tab.show(false);
    tab.tick(); // hidden: the hourly check waits for the return
    expect(check).toHaveBeenCalledTimes(2);
    tab.advance(UPDATE_CHECK_GAP_MS);
    tab.show(true);
    expect(check).toHaveBeenCalledTimes(3);
    stop();
    tab.advance(UPDATE_CHECK_EVERY_MS);
    tab.show(false);
    tab.show(true);
    expect(check).toHaveBeenCalledTimes(3);
  });

  it('a failing check is only logged', async () => {
    const tab = fakeTab();
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    startUpdateChecks(() => Promise.reject(new Error('offline')), tab.doc, tab.clock);
    tab.tick();
    await Promise.resolve();
    await Promise.resolve();
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });
});

describe('a new version taking over', () => {
  it('another tab asks before it reloads; the tab that accepted reloads', () => {
    swStatus.updateReady = true;
    expect(newVersionTookOver()).toBe('ask');
    expect(swStatus).toMatchObject({ updateReady: false, updateApplied: true });
    swStatus.updateApplied = false;
    applyUpdate();
    expect(newVersionTookOver()).toBe('reload');
  });
});
