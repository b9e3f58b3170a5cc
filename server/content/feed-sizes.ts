// A size as each marketplace reads it. Yandex Market takes Russian sizes in its own grids: `unit="RU"` for a
// number (clothes, shoes, a bra's band and cup, a child's height), `unit="INT"` for a letter size (XS–4XL).
// Google has no Russian system (size_system is one of AU, BR, CN, DE, EU, FR, IT, JP, MEX, UK, US): every
// sized item is sent in the European one. Letter sizes, shoes, bras, children's heights and men's sizes
// (half the chest girth, as Germany's) are the same numbers there; a woman's Russian clothing size (half the
// bust girth, ГОСТ 31396) is six more than the European (EN 13402: bust 88 cm is DE/EU 38 and RU 44), so it
// goes out converted. One size has no system.

/** The catalogue's roots whose numbered sizes are a woman's Russian clothing sizes (shoes are their own root). */
const WOMENS_CLOTHES = new Set(['kupalniki', 'bele', 'odezhda']);
const ONE_SIZE = 'Один размер';
const LETTERS = /^(\d?X{0,3}[SML]|X{1,4}L|\d?XL)(\/(\d?X{0,3}[SML]|X{1,4}L|\d?XL))?$/i;
/** A woman's Russian clothing size: the even numbers 38 to 64 (a bra's band alone, 65 to 90, is not one). */
const RU_WOMENS = /^(38|[45][02468]|6[024])$/;

/** Yandex's param unit for the size, or null for one size. */
export function yandexSizeUnit(size: string): 'RU' | 'INT' | null {
  if (size === ONE_SIZE || !size.trim()) return null;
  return LETTERS.test(size.trim()) ? 'INT' : 'RU';
}

/** Google's size and size_system for an item of `root`; null for one size (no system to name). */
export function googleSize(size: string, root: string): { size: string; system: 'EU' } | null {
  const s = size.trim();
  if (s === ONE_SIZE || !s) return null;
  if (WOMENS_CLOTHES.has(root) && RU_WOMENS.test(s)) return { size: String(Number(s) - 6), system: 'EU' };
  return { size: s, system: 'EU' };
}
