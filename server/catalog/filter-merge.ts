// Narrows one offer filter by another (a landing page's own filter by the shopper's `data`, a listing's scope
// by the shopper's choices): lists intersect, price bounds take the tighter side, the shopper's sort wins.
// Pure; null means the two can never both hold, so the listing is empty.
import type { OfferFilter } from '../../common/contract/catalog.ts';

type ListKey = 'brands' | 'colors' | 'sizes' | 'tags';
const LIST_KEYS: readonly ListKey[] = ['brands', 'colors', 'sizes', 'tags'];

const within = (path: string, root: string) => path === root || path.startsWith(`${root}/`);

/** Category paths both lists allow: a subcategory of the other side's category is kept, not dropped. */
function intersectCategories(a: readonly string[], b: readonly string[]): string[] {
  const kept = [...a.filter((p) => b.some((q) => within(p, q))), ...b.filter((p) => a.some((q) => within(p, q)))];
  return [...new Set(kept)];
}

const present = (list: readonly string[] | undefined): list is readonly string[] => !!list && list.length > 0;

export function mergeFilters(base: OfferFilter, narrow: OfferFilter): OfferFilter | null {
  const out: OfferFilter = {};
  if (present(base.categories) && present(narrow.categories)) {
    out.categories = intersectCategories(base.categories, narrow.categories);
    if (!out.categories.length) return null;
  } else {
    const only = present(base.categories) ? base.categories : narrow.categories;
    if (present(only)) out.categories = [...only];
  }
  for (const key of LIST_KEYS) {
    const a = base[key];
    const b = narrow[key];
    if (present(a) && present(b)) {
      const both = [...new Set(a.filter((x) => b.includes(x)))];
      if (!both.length) return null;
      out[key] = both;
    } else if (present(a) || present(b)) {
      out[key] = [...((present(a) ? a : b) as readonly string[])];
    }
  }
  const mins = [base.price_min, narrow.price_min].filter((x): x is number => x !== undefined);
  const maxs = [base.price_max, narrow.price_max].filter((x): x is number => x !== undefined);
  if (mins.length) out.price_min = Math.max(...mins);
  if (maxs.length) out.price_max = Math.min(...maxs);
  if (out.price_min !== undefined && out.price_max !== undefined && out.price_min > out.price_max) return null;
  const sort = narrow.sort ?? base.sort;
  if (sort) out.sort = sort;
  return out;
}
