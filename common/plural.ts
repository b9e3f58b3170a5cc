// Russian plural forms by the language's own rules (Intl.PluralRules), for the page and the server alike:
// plural(5, ['товар', 'товара', 'товаров']) -> 'товаров'.
const RULES = new Intl.PluralRules('ru-RU');
const FORM = { one: 0, few: 1, many: 2, other: 2 } as const;

export function plural(n: number, forms: readonly [one: string, few: string, many: string]): string {
  return forms[FORM[RULES.select(n) as keyof typeof FORM] ?? 2];
}
