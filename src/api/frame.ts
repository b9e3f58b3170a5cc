// Calls of the page frame: organization data, banners, SEO records (spec §7 content).
import { ENDPOINTS } from '../../common/endpoints.ts';
import { call, type ShopCall } from './client.ts';

export const getOrganization = (api: ShopCall = call) => api(ENDPOINTS.organization);
export const getBanners = (api: ShopCall = call) => api(ENDPOINTS.banners);
export const getContainerBanners = (api: ShopCall = call) => api(ENDPOINTS.containerBanners);
export const getSeo = (url: string, api: ShopCall = call) => api(ENDPOINTS.seo, { query: { url } });

/** GET /v1/integrations: the analytics counter and delivery widget this shop is configured with. */
export const getIntegrations = () => call(ENDPOINTS.integrations);
