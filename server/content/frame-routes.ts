// API of the page frame (spec §7 content): organization data, banners, container banners, SEO records, and
// which third-party scripts (analytics counter, delivery widget) this shop is configured with.
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { route } from '../http/public.ts';
import { Refusal } from '../refusal.ts';
import { getOrganization, getSeo, listBanners, listContainerBanners } from './shop-data-sql.ts';

/** The analytics counter's script (Yandex Metrika); it loads only when ANALYTICS_COUNTER_ID is set. */
export const ANALYTICS_SCRIPT_URL = 'https://mc.yandex.ru/metrika/tag.js';

export default async function frameRoutes(app: FastifyInstance): Promise<void> {
  route(app, ENDPOINTS.integrations, async () => ({
    analytics_counter_id: app.config.analyticsCounterId ?? null,
    analytics_script_url: ANALYTICS_SCRIPT_URL,
    delivery_widget_url: app.config.deliveryWidgetUrl ?? null,
  }));

  route(app, ENDPOINTS.organization, async () => {
    const org = await getOrganization(app.db);
    if (!org) throw new Refusal('notFound', 'Данные магазина не найдены');
    return org;
  });

  route(app, ENDPOINTS.banners, async () => listBanners(app.db));

  route(app, ENDPOINTS.containerBanners, async () => listContainerBanners(app.db));

  route(app, ENDPOINTS.seo, async (req) => {
    const path = req.query.url.split(/[?#]/)[0].replace(/(.)\/+$/, '$1') || '/';
    return getSeo(app.db, path);
  });
}
