// Store of the header's passing UI state: which desktop dropdown is open, whether the mobile menu and the
// search bar are open. Not persisted; everything closes on a route change (closeMenus).
import { proxy, useSnapshot } from 'valtio';
import { setSearchParam } from './ui.ts';

export const menu = proxy({
  /** Key of the open desktop dropdown ('brands' or a root's path), or null. */
  dropdown: null as string | null,
  mobileOpen: false,
  searchOpen: false,
});

export const useMenu = () => useSnapshot(menu);

export function openDropdown(key: string): void {
  menu.dropdown = key;
}

/** Closes the dropdown `key` (or whichever is open when no key is given). */
export function closeDropdown(key?: string): void {
  if (key === undefined || menu.dropdown === key) menu.dropdown = null;
}

export function toggleDropdown(key: string): void {
  menu.dropdown = menu.dropdown === key ? null : key;
}

export function openMobileMenu(): void {
  menu.mobileOpen = true;
  menu.dropdown = null;
  menu.searchOpen = false;
}

export function closeMobileMenu(): void {
  menu.mobileOpen = false;
}

export function openSearch(): void {
  menu.searchOpen = true;
  menu.dropdown = null;
}

export function closeSearch(): void {
  menu.searchOpen = false;
}

export function toggleSearch(): void {
  if (menu.searchOpen) closeSearch();
  else openSearch();
}

/** A search was submitted: its text is remembered in ui.searchParam (persisted in lkData) and the bar closes. */
export function searchSubmitted(query: string): void {
  setSearchParam(query);
  menu.searchOpen = false;
}

/** Route change: every menu, dropdown and the search bar close. */
export function closeMenus(): void {
  menu.dropdown = null;
  menu.mobileOpen = false;
  menu.searchOpen = false;
}
