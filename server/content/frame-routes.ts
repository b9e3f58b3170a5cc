// API of the page frame (spec §7 content): organization data, banners, container banners, SEO records, and
// which third-party scripts (analytics counter, delivery widget) this shop is configured with.
import type { FastifyInstance } from 'fastify';
import {
  BannerList,
  ContainerBannerList,
  Integrations,
  Organization,
  SeoQuery,
  SeoResponse,
} from '../../common/contract.ts';
import { answer, parse } from '../http/contract.ts';
import { HttpError } from '../plugins/errors.ts';
import { getOrganization, getSeo, listBanners, listContainerBanners } from './shop-data-sql.ts';

/** The analytics counter's script (Yandex Metrika); it loads only when ANALYTICS_COUNTER_ID is set. */
export const ANALYTICS_SCRIPT_URL = 'https://mc.yandex.ru/metrika/tag.js';

export default async function frameRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/integrations', async () =>
    answer(
      {
        analytics_counter_id: app.config.analyticsCounterId ?? null,
        analytics_script_url: ANALYTICS_SCRIPT_URL,
        delivery_widget_url: app.config.deliveryWidgetUrl ?? null,
      },
      Integrations,
    ),
  );


  app.get('/v1/organization', async () => {
    const org = await getOrganization(app.db);
    if (!org) throw new HttpError(404, 'Данные магазина не найдены');
    return answer(org, Organization);
  });

  app.get('/v1/banner', async () => answer(await listBanners(app.db), BannerList));

  app.get('/v1/containerbanners', async () => answer(await listContainerBanners(app.db), ContainerBannerList));

  app.get('/v1/get_seo/', async (req) => {
    const { url } = parse(req.query, SeoQuery);
    const path = url.split(/[?#]/)[0].replace(/(.)\/+$/, '$1') || '/';
    return answer(await getSeo(app.db, path), SeoResponse);
  });
}
