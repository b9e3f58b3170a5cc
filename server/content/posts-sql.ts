// SQL of the content pages (spec §7 content): blog and news posts paged newest first, one post by slug or
// id, information pages, the photo feed, and the error reports shoppers send.
import type { Queryable } from '../db/public.ts';
import type { InfoPage, InstagramPost, Post, PostPreview } from '../../common/contract/content.ts';

type Kind = 'blog' | 'news';
const PUBLISHED = 'published_at <= now()';
const DATE = `to_char(published_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as published_at`;

export async function postPage(
  db: Queryable,
  kind: Kind,
  limit: number,
  offset: number,
): Promise<{ count: number; results: PostPreview[] }> {
  const [total] = await db.query<{ n: number }>(`select count(*)::int as n from posts where kind = $1 and ${PUBLISHED}`, [kind]);
  const results = await db.query<PostPreview>(
    `select id, slug, title, preview, image, ${DATE} from posts where kind = $1 and ${PUBLISHED}
      order by published_at desc, id desc limit $2 offset $3`,
    [kind, limit, offset],
  );
  return { count: total?.n ?? 0, results };
}

/** A published post by its slug, or by its numeric id (§7 names it {id}; the app's links carry the slug). */
export async function findPost(db: Queryable, kind: Kind, slugOrId: string): Promise<Post | null> {
  const byId = /^\d{1,9}$/.test(slugOrId);
  const [row] = await db.query<Post>(
    `select id, slug, title, preview, image, ${DATE}, body_html from posts
      where kind = $1 and ${PUBLISHED} and ${byId ? 'id = $2::int' : 'slug = $2'}`,
    [kind, slugOrId],
  );
  return row ?? null;
}

export async function findInfoPage(db: Queryable, path: string): Promise<InfoPage | null> {
  const [row] = await db.query<InfoPage>('select path, title, body_html from info_pages where path = $1', [path]);
  return row ?? null;
}

export function listInstagramPosts(db: Queryable, limit: number): Promise<InstagramPost[]> {
  return db.query<InstagramPost>('select id, image, caption, link from instagram_posts order by posted_at desc, id desc limit $1', [limit]);
}

export async function insertFeedback(db: Queryable, contact: string, message: string, page: string): Promise<number> {
  const [row] = await db.query<{ id: number }>('insert into feedback_messages (contact, message, page) values ($1, $2, $3) returning id', [
    contact,
    message,
    page,
  ]);
  return row!.id;
}
