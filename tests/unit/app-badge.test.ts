// The installed app's badge counts the basket's lines as the header does (issue 15): changes waiting for
// the network count too, the badge clears at none, it is set only when the number changes, and a browser
// without the Badging API (or one that refuses) changes nothing.
import { describe, expect, it, vi } from 'vitest';
import { startAppBadge } from '../../src/state/app-badge.ts';
import { basket } from '../../src/state/basket.ts';
import type { BasketItem } from '../../common/contract/basket.ts';

const line = (ext_id: string): BasketItem => ({ ext_id, quantity: 1, price: 1000 }) as unknown as BasketItem;
const tick = () => new Promise((r) => setTimeout(r, 0));

describe('the app badge', () => {
  it('follows the basket, waiting changes included, and clears at none', async () => {
    const nav = { setAppBadge: vi.fn(() => Promise.resolve()), clearAppBadge: vi.fn(() => Promise.resolve()) };
    basket.cart = [line('A-1')];
    basket.queue = [];
    const stop = startAppBadge(nav);
    expect(nav.setAppBadge).toHaveBeenLastCalledWith(1);
    basket.queue = [{ id: 'm1', kind: 'add', ext_id: 'B-2', quantity: 1 } as never];
    await tick();
    expect(nav.setAppBadge).toHaveBeenLastCalledWith(2);
    basket.dropdownOpen = !basket.dropdownOpen; // not a count: nothing set
    await tick();
    expect(nav.setAppBadge).toHaveBeenCalledTimes(2);
    basket.cart = [];
    basket.queue = [];
    await tick();
    expect(nav.clearAppBadge).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does nothing without the Badging API, and survives a refusal', async () => {
    expect(() => startAppBadge({})()).not.toThrow();
    basket.cart = [line('A-1')];
    const setAppBadge = vi.fn(() => Promise.reject(new DOMException('not allowed', 'NotAllowedError')));
    const stop = startAppBadge({ setAppBadge });
    await tick();
    expect(setAppBadge).toHaveBeenCalledWith(1);
    stop();
  });
});
