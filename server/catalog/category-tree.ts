// The category tree in plain code: the menu preview (contract CategoryPreview) built from the flat list, and
// the ancestor paths of a category path.
import type { Category, CategoryLink, CategoryPreview } from '../../common/contract/catalog.ts';

const link = (c: Category): CategoryLink => ({ path: c.path, slug: c.slug, name: c.name });

export function buildPreview(categories: readonly Category[]): CategoryPreview[] {
  const children = new Map<string | null, Category[]>();
  for (const c of categories) {
    const list = children.get(c.parent_path) ?? [];
    list.push(c);
    children.set(c.parent_path, list);
  }
  const descendants = (path: string): CategoryLink[] => (children.get(path) ?? []).flatMap((c) => [link(c), ...descendants(c.path)]);
  return (children.get(null) ?? []).map((root) => ({
    ...link(root),
    subcategories: (children.get(root.path) ?? []).map((sub) => ({
      ...link(sub),
      subcategories: (children.get(sub.path) ?? []).map(link),
    })),
    allCategories: descendants(root.path),
  }));
}

/** "a/b/c" -> ["a", "a/b", "a/b/c"]: the paths of a category's ancestors and its own, root first. */
export function pathPrefixes(path: string): string[] {
  const parts = path.split('/');
  return parts.map((_, i) => parts.slice(0, i + 1).join('/'));
}
