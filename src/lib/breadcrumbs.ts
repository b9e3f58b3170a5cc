// Breadcrumbs of spec §2: 'Главная' first, then each level of the path, named from the preview categories.

export interface Crumb {
  label: string;
  href: string;
}

export const HOME_CRUMB: Crumb = { label: 'Главная', href: '/' };

/** Crumbs down a category path ("kupalniki/bikini"); a level the previews do not name is left out. */
/** What breadcrumbs need of the preview categories (a valtio snapshot of them fits too). */
type Named = { readonly path: string; readonly name: string };
export type NamedTree = readonly (Named & { readonly allCategories: readonly Named[] })[];

export function categoryCrumbs(path: string, previews: NamedTree): Crumb[] {
  const names = new Map<string, string>();
  for (const root of previews) {
    names.set(root.path, root.name);
    for (const c of root.allCategories) names.set(c.path, c.name);
  }
  const parts = path.split('/').filter(Boolean);
  const crumbs: Crumb[] = [HOME_CRUMB];
  for (let i = 1; i <= parts.length; i++) {
    const p = parts.slice(0, i).join('/');
    const name = names.get(p);
    if (name) crumbs.push({ label: name, href: `/${p}` });
  }
  return crumbs;
}
