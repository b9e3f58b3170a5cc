// API of payment (spec §7): POST /v1/order_payment/ starts a payment of what is due on an order with the
// payment provider and answers where to pay; the chosen provider's own routes settle its payments (the
// bank's return and callback: sberbank-routes.ts; the test page and its forms: test-provider.ts).
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { formPageRoutes, route } from '../http/public.ts';
import { Refusal } from '../refusal.ts';
import { PAYMENT_MESSAGES, startPayment } from './providers.ts';

export default async function paymentRoutes(app: FastifyInstance): Promise<void> {
  route(app, ENDPOINTS.orderPayment, async (req) => {
    const provider = app.payments;
    if (!provider) throw new Refusal('conflict', PAYMENT_MESSAGES.noOnlinePayment);
    return startPayment(app.db, provider, req.body.guid, app.config.vatRate);
  });

  const provider = app.payments;
  if (provider) formPageRoutes(app, (scope) => provider.routes(scope)); // the providers' pages post forms
}
