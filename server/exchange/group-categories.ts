// Which of the shop's categories each of 1C's groups is: a top-level group named like a root of the shop
// («Купальники», «Бельё» or «Белье», «Одежда», «Обувь», «Аксессуары», «Детское», «Мужское») is that root; a
// subgroup is the subcategory of its parent's category with its name, or a new one with a transliterated
// slug; a group deeper than the shop's tree goes on as its deepest ancestor that fits. A group under no
// root matches nothing: its goods stay hidden and the import names it.
import type { Queryable } from '../db/public.ts';
import { uniqueSlug } from '../lib/public.ts';
import { allCategories, allGroups, insertCategory, setGroupCategories, type CategoryRow, type GroupRow } from './apply-sql.ts';

/** The deepest level of the shop's tree (roots are 0): the menu shows three levels. */
const DEEPEST = 2;

/** Names compared as a person would: no case, ё as е, spaces squeezed. */
export const sameName = (a: string, b: string) => normal(a) === normal(b);
const normal = (s: string) => s.trim().toLowerCase().replace(/ё/g, 'е').replace(/\s+/g, ' ');

/** Matches every group (new and old: a renamed group or a new subcategory changes the goods' place). */
export async function matchGroups(tx: Queryable): Promise<void> {
  const groups = await allGroups(tx);
  const categories = await allCategories(tx);
  const byExt = new Map(groups.map((g) => [g.ext_id, g]));
  const matched = new Map<string, CategoryRow | null>();

  const childNamed = async (parent: CategoryRow, name: string): Promise<CategoryRow> => {
    const found = categories.find((c) => c.parent_id === parent.id && sameName(c.name, name));
    if (found) return found;
    const siblings = new Set(categories.filter((c) => c.parent_id === parent.id).map((c) => c.slug));
    const made = await insertCategory(tx, parent, uniqueSlug(name, siblings, 'razdel'), name);
    categories.push(made);
    return made;
  };

  const categoryOf = async (group: GroupRow, seen = new Set<string>()): Promise<CategoryRow | null> => {
    if (matched.has(group.ext_id)) return matched.get(group.ext_id)!;
    if (seen.has(group.ext_id)) return null; // a loop in 1C's tree: matches nothing
    seen.add(group.ext_id);
    const parent = group.parent_ext_id ? byExt.get(group.parent_ext_id) : undefined;
    let category: CategoryRow | null;
    if (!parent) category = categories.find((c) => c.depth === 0 && sameName(c.name, group.name)) ?? null;
    else {
      const above = await categoryOf(parent, seen);
      category = !above ? null : above.depth >= DEEPEST ? above : await childNamed(above, group.name);
    }
    matched.set(group.ext_id, category);
    return category;
  };

  for (const g of groups) await categoryOf(g);
  await setGroupCategories(
    tx,
    groups.map((g) => [g.ext_id, matched.get(g.ext_id)?.id ?? null]),
  );
}
