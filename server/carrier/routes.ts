// The carrier's calls to the shop: CDEK's ORDER_STATUS webhook (POST /api/carrier/cdek/:secret). CDEK signs
// nothing, so the path holds the shop's secret (compared in constant time) and the body only names the order:
// the shop reads it from CDEK itself and moves it by what CDEK says (shipments.ts followShipment). A report of
// an order the shop does not know, or one CDEK could not be read for now, is still answered 200: CDEK drops a
// subscription that answers otherwise, and the carrier's pass reads the shipment again.
import { timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { CARRIER_ENDPOINTS } from '../../common/carrier-endpoints.ts';
import { route } from '../http/public.ts';
import { Refusal } from '../refusal.ts';
import { carrierOf, NO_CARRIER, webhookSecret } from './app-carrier.ts';
import { CarrierError } from './cdek-api.ts';
import { followShipment } from './shipments.ts';
import { shipmentByUuid } from './shipments-sql.ts';

const same = (a: string, b: string) => {
  const [x, y] = [Buffer.from(a), Buffer.from(b)];
  return x.length === y.length && timingSafeEqual(x, y);
};

export default async function carrierRoutes(app: FastifyInstance): Promise<void> {
  route(app, CARRIER_ENDPOINTS.cdekWebhook, async (req, reply) => {
    const deps = carrierOf(app);
    if (!deps) throw new Refusal('notFound', NO_CARRIER);
    if (!same(req.params.secret, await webhookSecret(app))) throw new Refusal('notFound', NO_CARRIER);
    const shipment = await shipmentByUuid(app.db, req.body.uuid);
    if (shipment) {
      try {
        await followShipment(deps, shipment);
      } catch (err) {
        // Whatever went wrong, CDEK is answered 200 (it drops a subscription that answers otherwise); the pass reads it again.
        if (err instanceof CarrierError)
          req.log.warn({ order: shipment.order_id, err: err.message }, 'cdek: a reported shipment is read again by the pass');
        else req.log.error({ order: shipment.order_id, err }, 'cdek: a reported shipment could not move its order');
      }
    }
    return reply.type('text/plain; charset=utf-8').send('OK');
  });
}
