// Basket API (spec §7, the contract's shapes): GET|POST /v2/cart/, PUT|DELETE /v2/cart/{item_uuid}/, DELETE
// /v2/cart/. Answers `{ status: 'success', cart }` or 4xx `{ status: 'error', message }`; every mutation
// honours Idempotency-Key; a visitor's cart hangs on the `basket` cookie.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { Struct } from 'superstruct';
import { CartAddRequest, CartResponse, CartSuccess, CartUpdateRequest, type BasketItem } from '../../common/contract.ts';
import type { Queryable } from '../db/driver.ts';
import { cartError, registerBasketAnswers } from './answers.ts';
import { answer, parse } from '../http/contract.ts';
import { HttpError } from '../plugins/errors.ts';
import { shopper, type Shopper } from '../http/identity.ts';
import { registerPrivateAnswers } from '../http/private-answers.ts';
import {
  BASKET_MESSAGES,
  addToBasket,
  emptyBasket,
  readBasket,
  removeFromBasket,
  setBasketQuantity,
} from './basket.ts';
import { idempotentCall } from '../http/idempotency.ts';

const success = (cart: BasketItem[]) => ({ status: 'success' as const, cart });

/** The payload, with a quantity below 1 refused in the basket's words rather than as a bad field. */
function parseBasket<T, S>(body: unknown, struct: Struct<T, S>): T {
  const q = (body as { quantity?: unknown } | null)?.quantity;
  if (typeof q === 'number' && q < 1) throw new HttpError(400, BASKET_MESSAGES.quantity);
  return parse(body, struct);
}

export default async function basketRoutes(app: FastifyInstance): Promise<void> {
  registerBasketAnswers(app);
  registerPrivateAnswers(app);

  /** Runs one mutation under the caller's Idempotency-Key and sends its (first) answer. */
  async function mutate(
    req: FastifyRequest,
    reply: FastifyReply,
    change: (tx: Queryable, who: Shopper) => Promise<BasketItem[]>,
  ) {
    const result = await idempotentCall(app.db, req, reply, (err) => cartError(err.message), async (tx, who) => ({
      status: 200,
      body: answer(success(await change(tx, who)), CartSuccess),
    }));
    return reply.send(answer(result.body as CartResponse, CartResponse));
  }

  app.get('/v2/cart/', async (req, reply) => {
    // The first basket call of a visitor without a token sets the cookie.
    return answer(success(await readBasket(app.db, shopper(req, reply))), CartSuccess);
  });

  app.post('/v2/cart/', async (req, reply) => {
    const body = parseBasket(req.body, CartAddRequest);
    return mutate(req, reply, (tx, who) => addToBasket(tx, who, body.ext_id, body.quantity));
  });

  app.put<{ Params: { item_uuid: string } }>('/v2/cart/:item_uuid/', async (req, reply) => {
    const body = parseBasket(req.body, CartUpdateRequest);
    return mutate(req, reply, (tx, who) => setBasketQuantity(tx, who, req.params.item_uuid, body.quantity));
  });

  app.delete<{ Params: { item_uuid: string } }>('/v2/cart/:item_uuid/', async (req, reply) =>
    mutate(req, reply, (tx, who) => removeFromBasket(tx, who, req.params.item_uuid)),
  );

  app.delete('/v2/cart/', async (req, reply) => mutate(req, reply, (tx, who) => emptyBasket(tx, who)));
}
