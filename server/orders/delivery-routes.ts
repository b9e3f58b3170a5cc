// API of checkout's places and delivery (spec §7): regions and cities searched as one types
// (?data={"q":…,"region_id":…}), the delivery options and prices for a city (cdek_calc) and which methods
// reach it (check_delivery), from the delivery provider.
import type { FastifyInstance } from 'fastify';
import {
  CheckDeliveryRequest,
  CheckDeliveryResponse,
  CitiesQuery,
  CityList,
  DeliveryCalcRequest,
  DeliveryCalcResponse,
  RegionList,
  RegionsQuery,
} from '../../common/contract.ts';
import { answer, parse } from '../http/contract.ts';
import { HttpError } from '../plugins/errors.ts';
import { knownShopper } from '../http/identity.ts';
import { searchCities, searchRegions, searchText } from './geo-sql.ts';
import { basketSums } from '../basket/basket.ts';
import { DELIVERY_MESSAGES } from './delivery.ts';

export const SEARCH_LIMIT = 20;
/** Without a search text the whole region list is answered (a select needs it). */
const ALL_REGIONS = 200;

export default async function deliveryRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/regions/', async (req) => {
    const q = searchText(parse(req.query, RegionsQuery).data?.q);
    return answer(await searchRegions(app.db, q, q ? SEARCH_LIMIT : ALL_REGIONS), RegionList);
  });

  app.get('/v1/cities/', async (req) => {
    const data = parse(req.query, CitiesQuery).data;
    return answer(await searchCities(app.db, searchText(data?.q), data?.region_id ?? null, SEARCH_LIMIT), CityList);
  });

  app.post('/v1/cdek_calc/', async (req, reply) => {
    const body = parse(req.body, DeliveryCalcRequest);
    // Without a sum, the shopper's basket is priced (free delivery depends on it).
    const sum = body.sum ?? (await basketSums(app.db, knownShopper(req))).items;
    const options = await app.delivery.quote(app.db, body.city_id, sum);
    if (!options) throw new HttpError(404, DELIVERY_MESSAGES.unknownCity);
    reply.header('cache-control', 'no-store');
    return answer({ options: options.filter((o) => !body.method || o.method === body.method) }, DeliveryCalcResponse);
  });

  app.post('/v1/check_delivery/', async (req) => {
    const { city_id } = parse(req.body, CheckDeliveryRequest);
    const options = await app.delivery.quote(app.db, city_id, 0);
    if (!options) throw new HttpError(404, DELIVERY_MESSAGES.unknownCity);
    return answer(
      { courier: options.some((o) => o.method === 'courier'), pickup: options.some((o) => o.method === 'pickup') },
      CheckDeliveryResponse,
    );
  });
}
