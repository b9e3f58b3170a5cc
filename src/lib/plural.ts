// Russian plural forms: plural(5, ['товар', 'товара', 'товаров']) -> 'товаров'.
export function plural(n: number, forms: readonly [string, string, string]): string {
  const n10 = Math.abs(n) % 10;
  const n100 = Math.abs(n) % 100;
  if (n10 === 1 && n100 !== 11) return forms[0];
  if (n10 >= 2 && n10 <= 4 && (n100 < 12 || n100 > 14)) return forms[1];
  return forms[2];
}
