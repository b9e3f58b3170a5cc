// SQL of what the carrier packs: each line's catalogue root (its top category's slug, whose parcel CDEK_PARCELS
// gives) and how many; a gift certificate is mailed, not packed.
import type { Queryable } from '../db/public.ts';
import type { GoodsLine } from '../orders/public.ts';

export interface PackedLine {
  root: string;
  quantity: number;
}

export async function goodsRoots(db: Queryable, goods: readonly GoodsLine[]): Promise<PackedLine[]> {
  if (!goods.length) return [];
  const rows = await db.query<{ ext_id: string; root: string }>(
    `select v.ext_id, split_part(c.path, '/', 1) as root
       from product_variants v join products p on p.id = v.product_id join categories c on c.id = p.category_id
      where v.ext_id = any($1::text[])`,
    [goods.map((g) => g.ext_id)],
  );
  const roots = new Map(rows.map((r) => [r.ext_id, r.root]));
  return goods.filter((g) => roots.has(g.ext_id)).map((g) => ({ root: roots.get(g.ext_id)!, quantity: g.quantity }));
}
