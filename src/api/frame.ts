// Calls of the page frame: organization data, banners, SEO records (spec §7 content).
import {
  Integrations,
  BannerList,
  ContainerBannerList,
  Organization,
  SeoResponse,
} from '../../common/contract.ts';
import { request } from './client.ts';

export const getOrganization = () => request('/v1/organization', Organization);
export const getBanners = () => request('/v1/banner', BannerList);
export const getContainerBanners = () => request('/v1/containerbanners', ContainerBannerList);
export const getSeo = (url: string) => request('/v1/get_seo/', SeoResponse, { query: { url } });

/** GET /v1/integrations: the analytics counter and delivery widget this shop is configured with. */
export const getIntegrations = () => request('/v1/integrations', Integrations);
