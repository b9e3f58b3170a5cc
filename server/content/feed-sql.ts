// SQL of the marketplace feeds: every size of every product on sale, one row each (a size is what a
// marketplace sells: its own price, stock and picture set come from its product), and the category tree.
// Sets sold as top and bottom are left out (a marketplace offer is one thing in one size), and so are goods
// without a picture: both marketplaces refuse an offer without one.
import type { Queryable } from '../db/public.ts';
import { PRODUCT_PATH_SQL } from '../catalog/public.ts';

export interface FeedOffer {
  /** The size's own number: a feed's offer id (digits, stable, far under the marketplaces' length limits). */
  offer_id: number;
  product_id: number;
  name: string;
  description: string;
  article: string;
  price: number;
  old_price: number | null;
  path: string;
  brand: string;
  category_id: number;
  /** The first segment of the category's path (kupalniki, muzhskoe, detskoe…): whom the goods are for. */
  root: string;
  size: string;
  color: string;
  stock: number;
  pictures: string[];
}

export function feedOffers(db: Queryable): Promise<FeedOffer[]> {
  return db.query<FeedOffer>(
    `select v.id as offer_id, p.id as product_id, p.name, p.description, p.article, p.price, p.old_price,
            ${PRODUCT_PATH_SQL} as path, b.name as brand, p.category_id, split_part(c.path, '/', 1) as root,
            v.size, vc.name as color, v.stock,
            coalesce((select array_agg(i.url order by i.is_main desc, i.position, i.id) from product_images i where i.product_id = p.id), '{}')
              as pictures
       from products p
       join categories c on c.id = p.category_id
       join brands b on b.id = p.brand_id
       join product_variants v on v.product_id = p.id and v.kind = 'size'
       join colors vc on vc.id = v.color_id
      where p.active and not p.is_set and exists (select 1 from product_images i where i.product_id = p.id)
      order by p.id, v.position, v.id`,
  );
}

export interface FeedCategory {
  id: number;
  parent_id: number | null;
  name: string;
}

export const feedCategories = (db: Queryable) =>
  db.query<FeedCategory>('select id, parent_id, name from categories order by depth, position, id');
