// SQL of one category page's head: the category, its direct subcategories, its ancestors (breadcrumbs) and
// the tags of the category and its ancestors that have goods in it.
import type { Queryable } from '../db/public.ts';
import type { CategoryDetail, CategoryLink } from '../../common/contract/catalog.ts';
import { pathPrefixes } from './category-tree.ts';

type Tag = CategoryDetail['tags'][number];

/** The categories on the way to `path`, root first, the category itself last (fewer when a prefix is unknown). */
export function categoryChain(db: Queryable, path: string): Promise<CategoryLink[]> {
  return db.query<CategoryLink>(`select path, slug, name from categories where path = any($1::text[]) order by depth`, [
    pathPrefixes(path),
  ]);
}

export async function getCategoryDetail(db: Queryable, path: string): Promise<CategoryDetail | null> {
  const [category] = await db.query<{ id: number; path: string; name: string; depth: number }>(
    `select id, path, name, depth from categories where path = $1`,
    [path],
  );
  if (!category) return null;
  const [children, breadcrumbs, tags] = await Promise.all([
    db.query<CategoryLink>(`select path, slug, name from categories where parent_id = $1 order by position, id`, [category.id]),
    categoryChain(db, path),
    // A tag is offered only when its listing here (this category's subtree, any tag of that slug, as
    // offer-filter.ts reads a tag filter) has an active product: a link to an empty listing leads nowhere.
    db.query<Tag>(
      `select t.slug, t.name from category_tags t join categories c on c.id = t.category_id
        where c.path = any($1::text[])
          and exists (
            select 1 from product_tags pt
              join category_tags same on same.id = pt.tag_id and same.slug = t.slug
              join products p on p.id = pt.product_id and p.active
              join categories pc on pc.id = p.category_id
             where pc.path = $2 or pc.path like $2 || '/%')
        order by c.depth, t.id`,
      [pathPrefixes(path), path],
    ),
  ]);
  // A tag slug repeated down the chain ("Новая коллекция" of the root and of a subcategory) is listed once.
  const unique = new Map<string, Tag>();
  for (const t of tags) if (!unique.has(t.slug)) unique.set(t.slug, t);
  return { path: category.path, name: category.name, depth: category.depth, children, tags: [...unique.values()], breadcrumbs };
}

export async function categoryExists(db: Queryable, path: string): Promise<boolean> {
  return (await db.query('select 1 from categories where path = $1', [path])).length > 0;
}
