// API of checkout's places and delivery (spec §7): regions and cities searched as one types
// (?data={"q":…,"region_id":…}), the delivery options and prices for a city (cdek_calc) and which methods
// reach it (check_delivery), from the delivery provider.
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { knownShopper, route } from '../http/public.ts';
import { basketSums } from '../basket/public.ts';
import { Refusal } from '../refusal.ts';
import { searchCities, searchRegions, searchText } from './geo-sql.ts';
import { DELIVERY_MESSAGES, quoteBasket } from './delivery.ts';

export const SEARCH_LIMIT = 20;
/** Without a search text the whole region list is answered (a select needs it). */
const ALL_REGIONS = 200;

export default async function deliveryRoutes(app: FastifyInstance): Promise<void> {
  route(app, ENDPOINTS.regions, async (req) => {
    const q = searchText(req.query.data?.q);
    return searchRegions(app.db, q, q ? SEARCH_LIMIT : ALL_REGIONS);
  });

  route(app, ENDPOINTS.cities, async (req) => {
    const { data } = req.query;
    return searchCities(app.db, searchText(data?.q), data?.region_id ?? null, SEARCH_LIMIT);
  });

  route(app, ENDPOINTS.deliveryCalc, async (req) => {
    const { body } = req;
    // The shopper's basket: its sum when the page gives none (free delivery depends on it), and whether it is
    // gift certificates alone (nothing to carry: no charge, as placing the order will say).
    const basket = await basketSums(app.db, knownShopper(req));
    const sum = body.sum ?? basket.items;
    const options = await quoteBasket(app.delivery, app.db, body.city_id, sum, basket, basket.goodsLines);
    if (!options) throw new Refusal('notFound', DELIVERY_MESSAGES.unknownCity);
    return {
      options: options
        .filter((o) => !body.method || o.method === body.method)
        .map(({ carrier, ...o }) => ({ ...o, carrier: carrier?.id ?? null })),
    };
  });

  route(app, ENDPOINTS.pickupPoints, async (req) => ({ points: (await app.delivery.pickupPoints(app.db, req.body.city_id)) ?? [] }));

  route(app, ENDPOINTS.checkDelivery, async (req) => {
    const options = await app.delivery.quote(app.db, req.body.city_id, 0);
    if (!options) throw new Refusal('notFound', DELIVERY_MESSAGES.unknownCity);
    return { courier: options.some((o) => o.method === 'courier'), pickup: options.some((o) => o.method === 'pickup') };
  });
}
