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

/** What a product must be for its sizes to be offered: on sale, not a set, with a picture. */
const OFFERED = `p.active and not p.is_set and exists (select 1 from product_images i where i.product_id = p.id)`;

type FeedProduct = Omit<FeedOffer, 'offer_id' | 'size' | 'color' | 'stock'>;
type FeedSize = Pick<FeedOffer, 'offer_id' | 'product_id' | 'size' | 'color' | 'stock'>;

/** One batch of a feed: the offers of the next products after the last batch's, and where the batch ended. */
export interface FeedBatch {
  offers: FeedOffer[];
  /** The last product of the batch (the next batch starts after it); null once no product is left. */
  lastProductId: number | null;
}

/**
 * The offers of the next `limit` products offered after `afterProductId` in id order (a keyset, so every batch
 * costs the same however far into the catalogue), each product's sizes in their order. A product's own fields
 * (its description, its pictures) are read once, not once per size. Batches are separate statements: a change
 * made while a feed is written is heard as a new catalogue version, and the feed is written again.
 */
export async function feedBatch(db: Queryable, afterProductId: number, limit: number): Promise<FeedBatch> {
  const products = await db.query<FeedProduct>(
    `select p.id as product_id, p.name, p.description, p.article, p.price, p.old_price, ${PRODUCT_PATH_SQL} as path,
            b.name as brand, p.category_id, split_part(c.path, '/', 1) as root,
            array(select i.url from product_images i where i.product_id = p.id order by i.is_main desc, i.position, i.id) as pictures
       from products p
       join categories c on c.id = p.category_id
       join brands b on b.id = p.brand_id
      where p.id > $1 and ${OFFERED}
      order by p.id
      limit $2`,
    [afterProductId, limit],
  );
  if (!products.length) return { offers: [], lastProductId: null };
  const sizes = await db.query<FeedSize>(
    `select v.id as offer_id, v.product_id, v.size, vc.name as color, v.stock
       from product_variants v
       join colors vc on vc.id = v.color_id
      where v.product_id = any($1::int[]) and v.kind = 'size'
      order by v.product_id, v.position, v.id`,
    [products.map((p) => p.product_id)],
  );
  const byId = new Map(products.map((p) => [p.product_id, p]));
  const offers = sizes.map((s) => ({ ...byId.get(s.product_id)!, ...s }));
  return { offers, lastProductId: products[products.length - 1].product_id };
}

export interface FeedCategory {
  id: number;
  parent_id: number | null;
  name: string;
}

export const feedCategories = (db: Queryable) =>
  db.query<FeedCategory>('select id, parent_id, name from categories order by depth, position, id');
