// The marketplace feeds: /feeds/yandex.yml (Yandex Market) and /feeds/google.xml (Google Merchant Center),
// what the owner gives each marketplace as the shop's price list. Both are made from the catalogue as it is
// and kept in the response cache until the catalogue changes (its version), like any public answer: a
// marketplace fetching them every hour costs one query per change, not per fetch.
import type { FastifyInstance, RouteShorthandOptions } from 'fastify';
import { cacheHooks } from '../http/public.ts';
import { SHOP_NAME } from '../../common/titles.ts';
import { feedCategories, feedOffers } from './feed-sql.ts';
import { googleMerchantXml, yandexYml } from './feed-xml.ts';

const XML_HEADERS = { 'content-type': 'application/xml; charset=utf-8', 'cache-control': 'no-cache' };

export default async function feedRoutes(app: FastifyInstance, opts: { publicUrl: string }): Promise<void> {
  const shop = { name: SHOP_NAME, origin: opts.publicUrl };
  const cached: RouteShorthandOptions = app.hasDecorator('responseCache')
    ? cacheHooks(app.responseCache, { hasQuery: false, headers: XML_HEADERS })
    : {};

  app.get('/feeds/yandex.yml', cached, async (_req, reply) => {
    const [categories, offers] = await Promise.all([feedCategories(app.db), feedOffers(app.db)]);
    return reply.headers(XML_HEADERS).send(yandexYml(shop, categories, offers));
  });

  app.get('/feeds/google.xml', cached, async (_req, reply) => {
    return reply.headers(XML_HEADERS).send(googleMerchantXml(shop, await feedOffers(app.db)));
  });
}
