// API of orders (spec §7): POST /v2/order/ places an order from the shopper's server cart; POST /v1/order/
// takes the same body and, when the cart is empty, the payload's items (their prices ignored); both are
// idempotent with Idempotency-Key, and limited per address and per shopper (a replay counts too: the limits
// are far above what a buyer retries). POST /v1/get_order_info/ reads an order by its guid.
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { route } from '../http/endpoint-route.ts';
import { HttpError } from '../plugins/errors.ts';
import { knownShopper, scopeOf } from '../http/identity.ts';
import { LIMITS, spendAttempt, type Limit } from '../http/rate-limit.ts';
import { orderByGuid } from './orders-sql.ts';
import { idempotentCall } from '../http/idempotency.ts';
import { orderInfo } from './order-info.ts';
import { placeOrder } from './place-order.ts';
import { PAYMENT_MESSAGES } from '../payments/providers.ts';

export default async function orderRoutes(app: FastifyInstance): Promise<void> {
  for (const [endpoint, allowItems] of [
    [ENDPOINTS.orderV2, false],
    [ENDPOINTS.orderV1, true],
  ] as const) {
    route(app, endpoint, async (req, reply) => {
      const who = knownShopper(req);
      await spendAttempt(app.db, [
        [LIMITS.orderPerAddress, req.ip],
        ...(who ? [[LIMITS.orderPerShopper, scopeOf(who)] as [Limit, string]] : []),
      ]);
      return idempotentCall(
        app.db,
        req,
        reply,
        (err) => ({ message: err.message }),
        (tx, shopper) =>
          placeOrder(tx, { delivery: app.delivery, publicUrl: app.config.publicUrl, holds: app.config }, shopper, req.body, {
            allowItems,
            address: req.ip,
          }),
      );
    });
  }

  route(app, ENDPOINTS.orderInfo, async (req) => {
    const order = await orderByGuid(app.db, req.body.guid);
    if (!order) throw new HttpError(404, PAYMENT_MESSAGES.orderNotFound);
    return { order_info: await orderInfo(app.db, order) };
  });
}
