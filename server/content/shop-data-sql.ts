// SQL for the shop's frame data: organization, banners, container banners and SEO records.
import type { Queryable } from '../db/public.ts';
import type { Banner, ContainerBanner, Organization, SeoRecord } from '../../common/contract/frame.ts';

export async function getOrganization(db: Queryable): Promise<Organization | null> {
  const rows = await db.query<Organization>(
    `select phone, phone_chats, promocode, logo, link_vk, link_inst, link_telegram, link_whatsapp
       from organization where id = 1`,
  );
  return rows[0] ?? null;
}

export function listBanners(db: Queryable): Promise<Banner[]> {
  return db.query<Banner>(`select id, title, subtitle, image, link from banners where active order by position, id`);
}

export function listContainerBanners(db: Queryable): Promise<ContainerBanner[]> {
  return db.query<ContainerBanner>(`select id, title, image, link from container_banners where active order by position, id`);
}

export async function getSeo(db: Queryable, url: string): Promise<SeoRecord | null> {
  const rows = await db.query<SeoRecord>(`select url, title, description, keywords, h1_tag from seo_records where url = $1`, [url]);
  return rows[0] ?? null;
}
