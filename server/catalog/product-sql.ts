// SQL of one product page: the product's own fields and category, its variants in position order, and the
// ids of its related offers (its category first, then its root category, most popular first).
import type { Queryable } from '../db/public.ts';
import type { Variant } from '../../common/contract/catalog.ts';

export interface ProductRow {
  id: number;
  description: string;
  composition: string;
  is_set: boolean;
  category_id: number;
  category_path: string;
}

export const RELATED_LIMIT = 8;

/** An active product, or null when the pk is unknown or the product is no longer sold. */
export async function getActiveProduct(db: Queryable, pk: number): Promise<ProductRow | null> {
  const [row] = await db.query<ProductRow>(
    `select p.id, p.description, p.composition, p.is_set, p.category_id, c.path as category_path
       from products p join categories c on c.id = p.category_id
      where p.id = $1 and p.active`,
    [pk],
  );
  return row ?? null;
}

export function productVariants(db: Queryable, productId: number): Promise<Variant[]> {
  return db.query<Variant>(
    `select v.ext_id, v.kind, v.size, json_build_object('slug', co.slug, 'name', co.name, 'hex', co.hex) as color, v.stock
       from product_variants v join colors co on co.id = v.color_id
      where v.product_id = $1
      order by v.position, v.id`,
    [productId],
  );
}

/** Up to 8 other active offers: the same category by popularity, then the rest of the same root. */
export async function relatedIds(db: Queryable, product: ProductRow): Promise<number[]> {
  const root = product.category_path.split('/')[0];
  const rows = await db.query<{ id: number }>(
    `(select p.id, 0 as tier, p.popularity from products p
       where p.active and p.category_id = $1 and p.id <> $2
       order by p.popularity desc, p.id desc limit ${RELATED_LIMIT})
     union all
     (select p.id, 1 as tier, p.popularity from products p
       where p.active and p.category_id <> $1
         and p.category_id in (select id from categories where path = $3 or path like $3 || '/%')
       order by p.popularity desc, p.id desc limit ${RELATED_LIMIT})
     order by tier, popularity desc, id desc
     limit ${RELATED_LIMIT}`,
    [product.category_id, product.id, root],
  );
  return rows.map((r) => r.id);
}
