// API of payment (spec §7): POST /v1/order_payment/ starts a payment of what is due on an order with the
// payment provider and answers where to pay. The bank's return and callback addresses are
// sberbank-routes.ts's (registered when the bank is the provider). The built-in test provider's page lives here too:
// GET /api/payments/test/<id> shows «Тестовая оплата»; its forms POST …/pay (the payment succeeds, the
// order is paid, 303 to /basket/success?guid=…) or …/cancel (303 back to the order's page).
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { route } from '../http/endpoint-route.ts';
import { HttpError } from '../plugins/errors.ts';
import { registerPrivateAnswers } from '../http/private-answers.ts';
import { acceptFormPosts } from '../plugins/form-body.ts';
import { PAYMENT_MESSAGES, cancelPayment, confirmPayment, startPayment, testPaymentUrl, viewPayment } from './providers.ts';
import { testPaymentPage } from './test-payment-page.ts';
import { orderPath, successPath } from './return-paths.ts';
import { sberbankRoutes } from './sberbank-routes.ts';
import type { SberbankProvider } from './sberbank.ts';

export default async function paymentRoutes(app: FastifyInstance): Promise<void> {
  registerPrivateAnswers(app);
  acceptFormPosts(app); // the test page's forms

  route(app, ENDPOINTS.orderPayment, async (req) => {
    const provider = app.payments;
    if (!provider) throw new HttpError(409, PAYMENT_MESSAGES.noOnlinePayment);
    return app.db.transaction((tx) => startPayment(tx, provider, req.body.guid));
  });

  const bank = app.payments;
  if (bank?.id === 'sberbank') sberbankRoutes(app, bank as SberbankProvider);

  // The test page exists only when PAYMENT_PROVIDER=test chose it: nothing else can mark an order paid.
  if (app.payments?.id !== 'test') return;

  route(app, ENDPOINTS.testPaymentPage, async (req, reply) => {
    const view = await viewPayment(app.db, req.params.id);
    if (!view) throw new HttpError(404, PAYMENT_MESSAGES.paymentNotFound);
    const html = testPaymentPage({
      action: testPaymentUrl(view.payment.external_id),
      number: view.order.number,
      amount: view.payment.amount,
      status: view.payment.status,
      orderPaid: view.order.payment_status === 'paid',
      orderUrl: orderPath(view.order.guid),
    });
    return reply.type('text/html; charset=utf-8').send(html);
  });

  route(app, ENDPOINTS.testPaymentPay, async (req, reply) => {
    const { order, paid } = await app.db.transaction((tx) => confirmPayment(tx, req.params.id, app.config.publicUrl));
    return reply.redirect(paid ? successPath(order.guid) : orderPath(order.guid, 'failed'), 303);
  });

  route(app, ENDPOINTS.testPaymentCancel, async (req, reply) => {
    const order = await app.db.transaction((tx) => cancelPayment(tx, req.params.id));
    if (order.payment_status === 'paid') return reply.redirect(successPath(order.guid), 303);
    return reply.redirect(orderPath(order.guid, 'cancelled'), 303);
  });
}
