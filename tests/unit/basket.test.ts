// The basket's rules a shopper notices: the summary (sum is price × quantity, count is lines), quantities
// below 1 never leave the page, a quick second click builds on the first, and the dropdown's 1500 ms close
// delay that the pointer can cancel.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { basket, summary } from '../../src/state/basket.ts';
import { changeQuantity, stepQuantity } from '../../src/state/basket-actions.ts';
import { project } from '../../common/basket-queue.ts';
import { idbBasketStorage } from '../../common/browser/outbox-storage.ts';
import { closeDropdown, DROPDOWN_CLOSE_DELAY_MS, pointerEntered, pointerLeft } from '../../src/state/basket-dropdown.ts';
import { PATIENCE } from '../support/patience.ts';

describe('basket summary', () => {
  it('sums price × quantity and counts lines', () => {
    expect(
      summary([
        { price: 1990, quantity: 2 },
        { price: 500, quantity: 1 },
      ]),
    ).toEqual({ sum: 4480, count: 2 });
    expect(summary([])).toEqual({ sum: 0, count: 0 });
  });
});

describe('quantity below 1', () => {
  it('is blocked without queuing anything', async () => {
    basket.queue = [];
    expect(await changeQuantity({ ext_id: 'a' }, 0, 'A')).toBe(false);
    expect(await changeQuantity({ ext_id: 'a' }, -3, 'A')).toBe(false);
    expect(basket.queue).toEqual([]);
  });
});

describe('quick clicks', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a second click right after the first builds on it: two increases add two', async () => {
    vi.stubGlobal('fetch', () => new Promise(() => undefined)); // the server never answers here
    // The confirmed basket as the sync keeps it: stored, and on screen.
    const confirmed = [
      {
        item_uuid: 'u-a',
        ext_id: 'a',
        quantity: 1,
        price: 1000,
        product: { name: 'A', brand: 'B', price: 1000, images: [], full_path_offer: '/x/1/y' },
      },
    ];
    await idbBasketStorage.saveCart(confirmed);
    basket.cart = structuredClone(confirmed);
    basket.queue = [];
    // Both clicks come before the first change has been stored and shown.
    expect(await Promise.all([stepQuantity({ ext_id: 'a' }, 1, 'A'), stepQuantity({ ext_id: 'a' }, 1, 'A')])).toEqual([true, true]);
    await vi.waitFor(() => expect(basket.queue).toHaveLength(2), PATIENCE);
    expect(basket.queue.map((m) => (m.kind === 'update' ? m.quantity : m.kind))).toEqual([2, 3]);
    expect(project(basket.cart, basket.queue)[0].quantity).toBe(3);
  });
});

describe('cart dropdown', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    closeDropdown();
  });
  afterEach(() => vi.useRealTimers());

  it('opens on hover off the basket route when the basket has lines', () => {
    pointerEntered(true, 3);
    expect(basket.dropdownOpen).toBe(false);
    pointerEntered(false, 0);
    expect(basket.dropdownOpen).toBe(false);
    pointerEntered(false, 2);
    expect(basket.dropdownOpen).toBe(true);
  });

  it('closes 1500 ms after the pointer leaves, unless it comes back', () => {
    pointerEntered(false, 1);
    pointerLeft();
    vi.advanceTimersByTime(DROPDOWN_CLOSE_DELAY_MS - 1);
    expect(basket.dropdownOpen).toBe(true);
    pointerEntered(false, 1); // back in time: the timer is cancelled
    vi.advanceTimersByTime(DROPDOWN_CLOSE_DELAY_MS * 2);
    expect(basket.dropdownOpen).toBe(true);
    pointerLeft();
    vi.advanceTimersByTime(DROPDOWN_CLOSE_DELAY_MS);
    expect(basket.dropdownOpen).toBe(false);
    expect(DROPDOWN_CLOSE_DELAY_MS).toBe(1500);
  });
});
