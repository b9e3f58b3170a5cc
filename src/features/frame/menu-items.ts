// What the desktop menu lists (spec §2 Desktop menu, §9): the menu brands in the fixed order, each root's
// first 10 subcategories, and when the 'see more' links appear. Pure.
import type { Brand } from '../../../common/contract/catalog.ts';

/** Spec §9: the menu shows 10 subcategories; the more-brands link appears when brands exceed 10. */
export const MENU_LIMIT = 10;

/** Spec §9: the brands shown in the menu, in this order. */
export const MENU_BRANDS = [
  'Beach Bunny',
  'Luli Fama',
  'Bound by Bond-Eye',
  'Cotazur',
  'Maaji',
  'DKNY',
  'PilyQ',
  'Sea Level',
  'Nuria Ferrer',
  'Runwaydreamz',
] as const;

const rank = (b: Brand): number => {
  const i = (MENU_BRANDS as readonly string[]).indexOf(b.name);
  return i < 0 ? MENU_BRANDS.length : i;
};

/** The brands the server marks in_menu (the fixed list), in the order of §9; any other flagged brand after. */
export function menuBrands(brands: readonly Brand[]): Brand[] {
  return brands.filter((b) => b.in_menu).sort((a, b) => rank(a) - rank(b));
}

/** 'Смотреть все бренды' only when the shop has more than 10 brands in total. */
export function hasMoreBrands(brands: readonly Brand[]): boolean {
  return brands.length > MENU_LIMIT;
}

/** A root's dropdown: its first 10 subcategories, and whether 'Смотреть все категории' is shown. */
export function subcategoryMenu<T>(root: { readonly subcategories: readonly T[] }): { items: readonly T[]; more: boolean } {
  return { items: root.subcategories.slice(0, MENU_LIMIT), more: root.subcategories.length > MENU_LIMIT };
}
