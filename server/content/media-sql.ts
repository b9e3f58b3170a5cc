// SQL for the data the demo pictures are drawn from.
import type { Queryable } from '../db/public.ts';

export async function productPictureData(db: Queryable, id: number) {
  const rows = await db.query<{ name: string; brand: string; hex: string; categoryPath: string }>(
    `select p.name, b.name as brand, co.hex, c.path as "categoryPath"
       from products p join brands b on b.id = p.brand_id join colors co on co.id = p.color_id
       join categories c on c.id = p.category_id where p.id = $1`,
    [id],
  );
  return rows[0] ?? null;
}

const TITLE_SQL = {
  banner: 'select title from banners where id = $1',
  promo: 'select title from container_banners where id = $1',
  post: 'select title from posts where id = $1',
  insta: 'select caption as title from instagram_posts where id = $1',
} as const;

export async function pictureTitle(db: Queryable, kind: keyof typeof TITLE_SQL, id: number): Promise<string | null> {
  const rows = await db.query<{ title: string }>(TITLE_SQL[kind], [id]);
  return rows[0]?.title ?? null;
}
