// API of orders (spec §7): POST /v2/order/ places an order from the shopper's server cart; POST /v1/order/
// takes the same body and, when the cart is empty, the payload's items (their prices ignored); both are
// idempotent with Idempotency-Key. POST /v1/get_order_info/ reads an order by its guid.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Infer } from 'superstruct';
import { ErrorBody, OrderCreated, OrderGuidRequest, OrderInfoResponse, OrderRequest } from '../../common/contract.ts';
import { answer, parse } from '../http/contract.ts';
import { HttpError } from '../plugins/errors.ts';
import { registerPrivateAnswers } from '../http/private-answers.ts';
import { orderByGuid } from './orders-sql.ts';
import { idempotentCall } from '../http/idempotency.ts';
import { orderInfo } from './order-info.ts';
import { placeOrder } from './place-order.ts';
import { PAYMENT_MESSAGES } from '../payments/providers.ts';

export default async function orderRoutes(app: FastifyInstance): Promise<void> {
  registerPrivateAnswers(app);

  const place = (allowItems: boolean) => async (req: FastifyRequest, reply: FastifyReply) => {
    const input = parse(req.body, OrderRequest);
    const result = await idempotentCall(app.db, req, reply, (err) => ({ message: err.message }), async (tx, who) => {
      const placed = await placeOrder(tx, { delivery: app.delivery, publicUrl: app.config.publicUrl }, who, input, { allowItems });
      return { status: 200, body: answer(placed, OrderCreated) };
    });
    return result.status < 300 ? answer(result.body as Infer<typeof OrderCreated>, OrderCreated) : answer(result.body as ErrorBody, ErrorBody);
  };

  app.post('/v2/order/', place(false));
  app.post('/v1/order/', place(true));

  app.post('/v1/get_order_info/', async (req) => {
    const { guid } = parse(req.body, OrderGuidRequest);
    const order = await orderByGuid(app.db, guid);
    if (!order) throw new HttpError(404, PAYMENT_MESSAGES.orderNotFound);
    return answer({ order_info: await orderInfo(app.db, order) }, OrderInfoResponse);
  });
}
