// Basket API (spec §7, the contract's shapes): GET|POST /v2/cart/, PUT|DELETE /v2/cart/{item_uuid}/, DELETE
// /v2/cart/. Answers `{ status: 'success', cart }` or 4xx `{ status: 'error', message }`; every mutation
// honours Idempotency-Key; a visitor's cart hangs on the `basket` cookie. The product page's form sent by the
// browser itself: form-route.ts.
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { BasketItem } from '../../common/contract/basket.ts';
import { ENDPOINTS } from '../../common/endpoints.ts';
import type { Queryable } from '../db/public.ts';
import { idempotentCall, route, shopper, type Shopper } from '../http/public.ts';
import { cartError, registerBasketAnswers } from './answers.ts';
import { addToBasket, emptyBasket, readBasket, removeFromBasket, setBasketQuantity } from './basket.ts';
import { basketFormRoute } from './form-route.ts';

const success = (cart: BasketItem[]) => ({ status: 'success' as const, cart });

export default async function basketRoutes(app: FastifyInstance): Promise<void> {
  registerBasketAnswers(app);

  /** Runs one mutation under the caller's Idempotency-Key and answers its (first) answer. */
  const mutate = (req: FastifyRequest, reply: FastifyReply, change: (tx: Queryable, who: Shopper) => Promise<BasketItem[]>) =>
    idempotentCall(
      app.db,
      req,
      reply,
      (err) => cartError(err.message),
      async (tx, who) => success(await change(tx, who)),
    );

  // The first basket call of a visitor without a token sets the cookie.
  route(app, ENDPOINTS.cart, async (req, reply) => success(await readBasket(app.db, shopper(req, reply))));

  route(app, ENDPOINTS.cartAdd, async (req, reply) =>
    mutate(req, reply, (tx, who) => addToBasket(tx, who, req.body.ext_id, req.body.quantity)),
  );

  route(app, ENDPOINTS.cartUpdate, async (req, reply) =>
    mutate(req, reply, (tx, who) => setBasketQuantity(tx, who, req.params.item_uuid, req.body.quantity)),
  );

  route(app, ENDPOINTS.cartRemove, async (req, reply) => mutate(req, reply, (tx, who) => removeFromBasket(tx, who, req.params.item_uuid)));

  route(app, ENDPOINTS.cartEmpty, async (req, reply) => mutate(req, reply, (tx, who) => emptyBasket(tx, who)));

  basketFormRoute(app);
}
