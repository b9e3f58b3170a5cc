// The basket's rules a shopper notices: the summary (sum is price × quantity, count is lines), quantities
// below 1 never leave the page, and the dropdown's 1500 ms close delay that the pointer can cancel.
import 'fake-indexeddb/auto';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { basket, summary } from '../../src/state/basket.ts';
import { changeQuantity } from '../../src/state/basket-actions.ts';
import { closeDropdown, DROPDOWN_CLOSE_DELAY_MS, pointerEntered, pointerLeft } from '../../src/state/basket-dropdown.ts';

describe('basket summary', () => {
  it('sums price × quantity and counts lines', () => {
    expect(summary([{ price: 1990, quantity: 2 }, { price: 500, quantity: 1 }])).toEqual({ sum: 4480, count: 2 });
    expect(summary([])).toEqual({ sum: 0, count: 0 });
  });
});

describe('quantity below 1', () => {
  it('is blocked without queuing anything', () => {
    basket.queue = [];
    expect(changeQuantity({ ext_id: 'a', item_uuid: 'u' }, 0, 'A')).toBe(false);
    expect(changeQuantity({ ext_id: 'a', item_uuid: 'u' }, -3, 'A')).toBe(false);
    expect(basket.queue).toEqual([]);
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
