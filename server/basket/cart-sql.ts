// SQL of baskets: a shopper's cart row (found, or created and locked), its lines as BasketItems in the
// order they were added, what an ext_id names (a variant or a gift certificate), and line changes.
import type { Queryable } from '../db/public.ts';
import { PRODUCT_PATH_SQL } from '../catalog/public.ts';
import type { BasketItem } from '../../common/contract/basket.ts';

export type CartOwner = { userId: number; visitorKey: null } | { userId: null; visitorKey: string };

const ownerWhere = (o: CartOwner): [string, unknown] =>
  o.userId !== null ? ['user_id = $1', o.userId] : ['visitor_key = $1', o.visitorKey];

export async function findCartId(db: Queryable, owner: CartOwner, lock = false): Promise<number | null> {
  const [where, value] = ownerWhere(owner);
  const [row] = await db.query<{ id: number }>(`select id from carts where ${where}${lock ? ' for update' : ''}`, [value]);
  return row?.id ?? null;
}

/** The owner's cart id, the row created when missing and locked either way until the transaction ends. */
export async function lockCart(tx: Queryable, owner: CartOwner): Promise<number> {
  const [row] =
    owner.userId !== null
      ? await tx.query<{ id: number }>(
          `insert into carts (user_id) values ($1)
           on conflict (user_id) do update set updated_at = now() returning id`,
          [owner.userId],
        )
      : await tx.query<{ id: number }>(
          `insert into carts (visitor_key) values ($1)
           on conflict (visitor_key) do update set updated_at = now() returning id`,
          [owner.visitorKey],
        );
  return row.id;
}

interface LineRow {
  item_uuid: string;
  quantity: number;
  variant_id: number | null;
  gift_certificate_id: number | null;
  ext_id: string;
  kind: 'size' | 'top' | 'bottom' | null;
  size: string | null;
  color: string | null;
  price: number;
  name: string;
  brand: string;
  images: { image: string; is_main: boolean }[];
  full_path_offer: string;
  active: boolean;
  stock: number | null;
}

/** A line as the order logic sees it: what it is, its current price and stock. */
export interface CartLine {
  item_uuid: string;
  quantity: number;
  variant_id: number | null;
  gift_certificate_id: number | null;
  ext_id: string;
  price: number;
  name: string;
  active: boolean;
  /** null for a certificate: not counted. */
  stock: number | null;
}

const LINES_SQL = `
  select ci.item_uuid::text as item_uuid, ci.quantity, ci.variant_id, ci.gift_certificate_id,
         coalesce(v.ext_id, g.ext_id) as ext_id, v.kind, v.size, co.name as color,
         coalesce(p.price, g.nominal) as price, coalesce(p.name, g.name) as name,
         coalesce(b.name, (select o.name from organization o where o.id = 1), '') as brand,
         case when p.id is not null then
           coalesce((select json_agg(json_build_object('image', i.url, 'is_main', i.is_main) order by i.position)
                       from product_images i where i.product_id = p.id), '[]')
         else json_build_array(json_build_object('image', g.image, 'is_main', true)) end as images,
         case when p.id is not null then
           ${PRODUCT_PATH_SQL}
         else '/podarochnye-sertifikaty/' || g.slug end as full_path_offer,
         coalesce(p.active, true) as active, v.stock
    from cart_items ci
    left join product_variants v on v.id = ci.variant_id
    left join products p on p.id = v.product_id
    left join brands b on b.id = p.brand_id
    left join categories c on c.id = p.category_id
    left join colors co on co.id = v.color_id
    left join gift_certificates g on g.id = ci.gift_certificate_id
   where ci.cart_id = $1
   order by ci.seq`;

const FEATURE_KEY = { size: 'feature', top: 'featuretop', bottom: 'featurebot' } as const;
const FEATURE_PREFIX = { size: '', top: 'Верх: ', bottom: 'Низ: ' } as const;

/** "Размер M, чёрный", "Верх: размер S, синий", "Один размер, бежевый". */
export function featureName(kind: 'size' | 'top' | 'bottom', size: string, color: string | null): string {
  const sized = FEATURE_PREFIX[kind] + (size.toLowerCase() === 'один размер' ? 'один размер' : `размер ${size}`);
  const text = sized.charAt(0).toLocaleUpperCase('ru') + sized.slice(1);
  return color ? `${text}, ${color.toLocaleLowerCase('ru')}` : text;
}

function toBasketItem(r: LineRow): BasketItem {
  const item: BasketItem = {
    item_uuid: r.item_uuid,
    quantity: r.quantity,
    price: r.price,
    ext_id: r.ext_id,
    product: { name: r.name, brand: r.brand, price: r.price, images: r.images, full_path_offer: r.full_path_offer },
  };
  if (r.kind && r.size !== null) item[FEATURE_KEY[r.kind]] = { name: featureName(r.kind, r.size, r.color) };
  return item;
}

export async function basketItems(db: Queryable, cartId: number): Promise<BasketItem[]> {
  const rows = await db.query<LineRow>(LINES_SQL, [cartId]);
  return rows.map(toBasketItem);
}

export async function cartLines(db: Queryable, cartId: number): Promise<CartLine[]> {
  const rows = await db.query<LineRow>(LINES_SQL, [cartId]);
  return rows.map((r) => ({
    item_uuid: r.item_uuid,
    quantity: r.quantity,
    variant_id: r.variant_id,
    gift_certificate_id: r.gift_certificate_id,
    ext_id: r.ext_id,
    price: r.price,
    name: r.name,
    active: r.active,
    stock: r.stock,
  }));
}

/** What an ext_id names: a variant of a product that is sold, or a gift certificate. */
export type Sellable = { kind: 'variant'; id: number; stock: number; name: string } | { kind: 'certificate'; id: number; name: string };

export async function findSellable(db: Queryable, extId: string): Promise<Sellable | null> {
  const [v] = await db.query<{ id: number; stock: number; name: string }>(
    `select v.id, v.stock, p.name from product_variants v join products p on p.id = v.product_id
      where v.ext_id = $1 and p.active`,
    [extId],
  );
  if (v) return { kind: 'variant', ...v };
  const [g] = await db.query<{ id: number; name: string }>('select id, name from gift_certificates where ext_id = $1', [extId]);
  return g ? { kind: 'certificate', ...g } : null;
}

export interface LineRef {
  item_uuid: string;
  quantity: number;
  stock: number | null;
}

export async function lineOf(db: Queryable, cartId: number, s: Sellable): Promise<LineRef | null> {
  const col = s.kind === 'variant' ? 'variant_id' : 'gift_certificate_id';
  const [row] = await db.query<LineRef>(
    `select ci.item_uuid::text as item_uuid, ci.quantity, v.stock
       from cart_items ci left join product_variants v on v.id = ci.variant_id
      where ci.cart_id = $1 and ci.${col} = $2`,
    [cartId, s.id],
  );
  return row ?? null;
}

/** A line by its uuid in this cart, with its variant's stock (null for a certificate). */
export async function lineByUuid(db: Queryable, cartId: number, itemUuid: string): Promise<LineRef | null> {
  const [row] = await db.query<LineRef>(
    `select ci.item_uuid::text as item_uuid, ci.quantity, v.stock
       from cart_items ci left join product_variants v on v.id = ci.variant_id
      where ci.cart_id = $1 and ci.item_uuid = $2::uuid`,
    [cartId, itemUuid],
  );
  return row ?? null;
}

export async function lineCount(db: Queryable, cartId: number): Promise<number> {
  const [row] = await db.query<{ n: number }>('select count(*)::int as n from cart_items where cart_id = $1', [cartId]);
  return row?.n ?? 0;
}

export async function insertLine(tx: Queryable, cartId: number, s: Sellable, quantity: number): Promise<void> {
  const col = s.kind === 'variant' ? 'variant_id' : 'gift_certificate_id';
  await tx.query(`insert into cart_items (cart_id, ${col}, quantity) values ($1, $2, $3)`, [cartId, s.id, quantity]);
}

export async function setLineQuantity(tx: Queryable, cartId: number, itemUuid: string, quantity: number): Promise<void> {
  await tx.query('update cart_items set quantity = $3 where cart_id = $1 and item_uuid = $2::uuid', [cartId, itemUuid, quantity]);
  await touchCart(tx, cartId);
}

export async function deleteLine(tx: Queryable, cartId: number, itemUuid: string): Promise<void> {
  await tx.query('delete from cart_items where cart_id = $1 and item_uuid = $2::uuid', [cartId, itemUuid]);
  await touchCart(tx, cartId);
}

export async function deleteLines(tx: Queryable, cartId: number): Promise<void> {
  await tx.query('delete from cart_items where cart_id = $1', [cartId]);
  await touchCart(tx, cartId);
}

/** Every change of a cart marks it as used (housekeeping drops visitors' carts idle for long). */
async function touchCart(tx: Queryable, cartId: number): Promise<void> {
  await tx.query('update carts set updated_at = now() where id = $1', [cartId]);
}

export async function deleteCart(tx: Queryable, cartId: number): Promise<void> {
  await tx.query('delete from carts where id = $1', [cartId]);
}

/** The raw lines of a cart (what a merge moves), oldest first. */
export async function rawLines(
  db: Queryable,
  cartId: number,
): Promise<{ variant_id: number | null; gift_certificate_id: number | null; quantity: number; stock: number | null }[]> {
  return db.query(
    `select ci.variant_id, ci.gift_certificate_id, ci.quantity, v.stock
       from cart_items ci left join product_variants v on v.id = ci.variant_id
      where ci.cart_id = $1 order by ci.seq`,
    [cartId],
  );
}

/** Adds quantity to the cart's line of this variant or certificate (created when missing), capped. */
export async function mergeLine(
  tx: Queryable,
  cartId: number,
  line: { variant_id: number | null; gift_certificate_id: number | null },
  quantity: number,
  cap: number,
): Promise<void> {
  const col = line.variant_id !== null ? 'variant_id' : 'gift_certificate_id';
  const id = line.variant_id ?? line.gift_certificate_id;
  await tx.query(
    `insert into cart_items (cart_id, ${col}, quantity) values ($1, $2, least($3::int, $4::int))
     on conflict (cart_id, ${col}) where ${col} is not null
     do update set quantity = least(cart_items.quantity + excluded.quantity, $4::int)`,
    [cartId, id, quantity, cap],
  );
}
