// The contract of the page frame (spec §3, §7 content): organization data, the third-party integrations,
// banners and SEO records.
import { array, integer, nullable, object, size, string, type, type Infer } from 'superstruct';

export const Organization = type({
  phone: string(),
  phone_chats: string(),
  promocode: string(),
  logo: string(),
  link_vk: string(),
  link_inst: string(),
  link_telegram: string(),
  link_whatsapp: string(),
});
export type Organization = Infer<typeof Organization>;

/** GET /v1/integrations: the third-party scripts this shop is configured with (null: not used). */
export const Integrations = type({
  analytics_counter_id: nullable(string()),
  analytics_script_url: string(),
  delivery_widget_url: nullable(string()),
});
export type Integrations = Infer<typeof Integrations>;

export const Banner = type({ id: integer(), title: string(), subtitle: string(), image: string(), link: string() });
export type Banner = Infer<typeof Banner>;
export const BannerList = array(Banner);

export const ContainerBanner = type({ id: integer(), title: string(), image: string(), link: string() });
export type ContainerBanner = Infer<typeof ContainerBanner>;
export const ContainerBannerList = array(ContainerBanner);

export const SeoQuery = object({ url: size(string(), 1, 500) });
export const SeoRecord = type({
  url: string(),
  title: string(),
  description: string(),
  keywords: string(),
  h1_tag: string(),
});
export type SeoRecord = Infer<typeof SeoRecord>;
/** GET /v1/get_seo/: null when the URL has no record (the title table applies then). */
export const SeoResponse = nullable(SeoRecord);
