// The cart dropdown's state and timer (spec §4): it opens on hover when the route is not the basket and
// the basket is not empty, closes 1500 ms after the pointer leaves, the timer is cancelled if the pointer
// returns, and it closes when the basket route opens.
import { basket } from './basket.ts';

export const DROPDOWN_CLOSE_DELAY_MS = 1500; // spec §9

let closeTimer: ReturnType<typeof setTimeout> | undefined;

export function pointerEntered(onBasketRoute: boolean, lines: number): void {
  clearTimeout(closeTimer);
  closeTimer = undefined;
  if (!onBasketRoute && lines > 0) basket.dropdownOpen = true;
}

export function pointerLeft(): void {
  clearTimeout(closeTimer);
  closeTimer = setTimeout(() => {
    basket.dropdownOpen = false;
    closeTimer = undefined;
  }, DROPDOWN_CLOSE_DELAY_MS);
}

export function closeDropdown(): void {
  clearTimeout(closeTimer);
  closeTimer = undefined;
  basket.dropdownOpen = false;
}
