// SQL for the catalogue's reference data: the category tree, brands and colours.
import type { Queryable } from '../db/driver.ts';
import type { Brand, Category, Color } from '../../src/api/contract.ts';

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
