// The desktop menu's rules (spec §2, §9): the fixed brand list in its order, 10 subcategories per root, and
// when the 'see more' links appear.
import { describe, expect, it } from 'vitest';
import type { Brand } from '../../common/contract/catalog.ts';
import { hasMoreBrands, MENU_BRANDS, MENU_LIMIT, menuBrands, subcategoryMenu } from '../../src/features/frame/menu-items.ts';

const brand = (name: string, in_menu: boolean): Brand => ({ name, slug: name.toLowerCase().replace(/\W+/g, '-'), in_menu });

describe('menu brands', () => {
  it('lists the in_menu brands in the order of spec §9', () => {
    const shuffled = [...MENU_BRANDS].reverse().map((n) => brand(n, true));
    const all = [brand('Seafolly', false), ...shuffled, brand('Melissa', false)];
    expect(menuBrands(all).map((b) => b.name)).toEqual([...MENU_BRANDS]);
  });

  it('drops brands not flagged in_menu and puts an unknown flagged brand last', () => {
    const all = [brand('Новый бренд', true), brand('DKNY', true), brand('Maaji', false), brand('Beach Bunny', true)];
    expect(menuBrands(all).map((b) => b.name)).toEqual(['Beach Bunny', 'DKNY', 'Новый бренд']);
  });

  it("shows 'see all brands' only above 10 brands in total", () => {
    const ten = MENU_BRANDS.map((n) => brand(n, true));
    expect(hasMoreBrands(ten)).toBe(false);
    expect(hasMoreBrands([...ten, brand('Seafolly', false)])).toBe(true);
    expect(hasMoreBrands([])).toBe(false);
  });
});

describe('category dropdown', () => {
  const root = (n: number) => ({ subcategories: Array.from({ length: n }, (_, i) => ({ path: `kupalniki/s${i}` })) });

  it('keeps the first 10 subcategories, in order, and asks for more above 10', () => {
    const menu = subcategoryMenu(root(15));
    expect(menu.items).toHaveLength(MENU_LIMIT);
    expect(menu.items.map((s) => s.path)).toEqual(root(10).subcategories.map((s) => s.path));
    expect(menu.more).toBe(true);
  });

  it('has no more link at 10 subcategories or fewer', () => {
    expect(subcategoryMenu(root(10))).toMatchObject({ more: false });
    expect(subcategoryMenu(root(6)).items).toHaveLength(6);
    expect(subcategoryMenu(root(0))).toEqual({ items: [], more: false });
  });
});
