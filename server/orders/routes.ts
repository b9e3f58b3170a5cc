// API of orders (spec §7): POST /v2/order/ places an order from the shopper's server cart; POST /v1/order/
// takes the same body and, when the cart is empty, the payload's items (their prices ignored); both are
// idempotent with Idempotency-Key, and limited per address and per shopper (a replay counts too: the limits
// are far above what a buyer retries). POST /v1/get_order_info/ reads an order by its guid. POST
// /v1/giftcardpayment/ pays an order from a gift card (idempotent with Idempotency-Key, limited per address).
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { LIMITS, idempotentCall, knownShopper, route, scopeOf, spendAttempt, type Limit } from '../http/public.ts';
import { Refusal } from '../refusal.ts';
import { orderByGuid } from './orders-sql.ts';
import { orderInfo } from './order-info.ts';
import { placeOrder } from './place-order.ts';
import { LIFECYCLE_MESSAGES, shopper } from './lifecycle.ts';
import { payFromCard } from './gift-card-payment.ts';

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
    if (!order) throw new Refusal('notFound', LIFECYCLE_MESSAGES.notFound);
    return { order_info: await orderInfo(app.db, order) };
  });

  route(app, ENDPOINTS.giftCardPayment, async (req, reply) => {
    const { guid, code } = req.body;
    await spendAttempt(app.db, [[LIMITS.cardPaymentPerAddress, req.ip]]);
    return idempotentCall(
      app.db,
      req,
      reply,
      (err) => ({ message: err.message }),
      async (tx, who) => {
        const order = await orderByGuid(tx, guid, true);
        if (!order) throw new Refusal('notFound', LIFECYCLE_MESSAGES.notFound);
        const paid = await payFromCard(tx, order, code, shopper(who.userId), app.config.publicUrl);
        return { ...paid, total: order.total };
      },
    );
  });
}
