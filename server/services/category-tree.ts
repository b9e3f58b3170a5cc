// Builds the menu's preview of the category tree (contract CategoryPreview) from the flat category list.
import type { Category, CategoryLink, CategoryPreview } from '../../src/api/contract.ts';

const link = (c: Category): CategoryLink => ({ path: c.path, slug: c.slug, name: c.name });

export function buildPreview(categories: readonly Category[]): CategoryPreview[] {
  const children = new Map<string | null, Category[]>();
  for (const c of categories) {
    const list = children.get(c.parent_path) ?? [];
    list.push(c);
    children.set(c.parent_path, list);
  }
  const descendants = (path: string): CategoryLink[] =>
    (children.get(path) ?? []).flatMap((c) => [link(c), ...descendants(c.path)]);
  return (children.get(null) ?? []).map((root) => ({
    ...link(root),
    subcategories: (children.get(root.path) ?? []).map((sub) => ({
      ...link(sub),
      subcategories: (children.get(sub.path) ?? []).map(link),
    })),
    allCategories: descendants(root.path),
  }));
}
