// SQL for the catalogue's reference data: the category tree, brands (and a brand page's head) and colours.
import type { Queryable } from '../db/public.ts';
import type { Brand, BrandDetail, Category, Color } from '../../common/contract/catalog.ts';

export function listCategories(db: Queryable): Promise<Category[]> {
  return db.query<Category>(
    `select c.id, c.path, c.slug, c.name, c.depth, p.path as parent_path
       from categories c left join categories p on p.id = c.parent_id
      order by c.depth, c.position, c.id`,
  );
}

export function listBrands(db: Queryable): Promise<Brand[]> {
  return db.query<Brand>(`select slug, name, in_menu from brands order by position, name`);
}

export function listColors(db: Queryable): Promise<Color[]> {
  return db.query<Color>(`select slug, name, hex from colors order by id`);
}

/** The brand page's head, or null for an unknown slug. */
export async function getBrand(db: Queryable, slug: string): Promise<BrandDetail | null> {
  const [row] = await db.query<BrandDetail>(`select slug, name, description, country from brands where slug = $1`, [slug]);
  return row ?? null;
}
