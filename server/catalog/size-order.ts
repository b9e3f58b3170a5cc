// The natural order of sizes in the shop's filters: letter sizes (XS … XL, 2XL …), then numeric sizes
// ascending (shoes, men's, children's), then bra sizes (70B, 75B, 75C …), then anything else, 'Один размер' last.
const LETTERS = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'];

function rank(size: string): [group: number, a: number, b: string] {
  const s = size.trim().toUpperCase();
  const letter = LETTERS.indexOf(s);
  if (letter >= 0) return [0, letter, ''];
  const plus = /^(\d)XL$/.exec(s); // 2XL = XXL, 3XL = XXXL, 4XL after them
  if (plus) return [0, LETTERS.indexOf('XL') + Number(plus[1]) - 1, ''];
  if (/^\d+(?:[.,]\d+)?$/.test(s)) return [1, Number(s.replace(',', '.')), ''];
  const bra = /^(\d+)([A-Z]+)$/.exec(s);
  if (bra) return [2, Number(bra[1]), bra[2]];
  if (s === 'ОДИН РАЗМЕР') return [4, 0, ''];
  return [3, 0, s];
}

export function compareSizes(x: string, y: string): number {
  const [ga, a1, a2] = rank(x);
  const [gb, b1, b2] = rank(y);
  return ga - gb || a1 - b1 || a2.localeCompare(b2) || x.localeCompare(y);
}
