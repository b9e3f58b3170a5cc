// SQL of the sitemap: every page a crawler should know, as paths: categories, brands, sold products (their
// own category path and slug), blog and news posts, gift certificates, landing pages, and the information
// pages the shop has written (an information route without its text is a 404, so it is not listed).
import type { Queryable } from '../db/public.ts';
import { PRODUCT_PATH_SQL } from '../catalog/public.ts';

export interface SitemapRow {
  path: string;
  /** When the page last changed, if the shop knows. */
  modified: string | null;
}

export function sitemapRows(db: Queryable): Promise<SitemapRow[]> {
  return db.query<SitemapRow>(
    `select '/' || path as path, null::text as modified from categories
     union all
     select '/brands/' || slug, null from brands
     union all
     select ${PRODUCT_PATH_SQL},
            to_char(p.created_at at time zone 'UTC', 'YYYY-MM-DD')
       from products p join categories c on c.id = p.category_id where p.active
     union all
     select '/' || kind || '/' || slug, to_char(published_at at time zone 'UTC', 'YYYY-MM-DD')
       from posts where published_at <= now()
     union all
     select '/podarochnye-sertifikaty/' || slug, null from gift_certificates
     union all
     select '/podborka/' || slug, null from landing_pages
     union all
     select '/' || path, to_char(updated_at at time zone 'UTC', 'YYYY-MM-DD') from info_pages`,
  );
}
