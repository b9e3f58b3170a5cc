// API of payment (spec §7): POST /v1/order_payment/ starts a payment of what is due on an order with the
// payment provider and answers where to pay. The built-in test provider's page lives here too:
// GET /api/payments/test/<id> shows «Тестовая оплата»; its forms POST …/pay (the payment succeeds, the
// order is paid, 303 to /basket/success?guid=…) or …/cancel (303 back to the order's page).
import type { FastifyInstance } from 'fastify';
import { OrderGuidRequest, OrderPaymentResponse } from '../../common/contract.ts';
import { answer, parse } from '../http/contract.ts';
import { HttpError } from '../plugins/errors.ts';
import { registerPrivateAnswers } from '../http/private-answers.ts';
import {
  PAYMENT_MESSAGES,
  TEST_PAYMENT_PATH,
  TEST_PAYMENT_ROUTE,
  cancelPayment,
  confirmPayment,
  startPayment,
  viewPayment,
} from './providers.ts';
import { testPaymentPage } from './test-payment-page.ts';

const successUrl = (guid: string) => `/basket/success?guid=${encodeURIComponent(guid)}`;
const orderUrl = (guid: string) => `/basket/delivery/confirm/${encodeURIComponent(guid)}`;

export default async function paymentRoutes(app: FastifyInstance): Promise<void> {
  registerPrivateAnswers(app);
  // The test page's forms post urlencoded bodies (no fields are read).
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(String(body))));
  });

  app.post('/v1/order_payment/', async (req) => {
    const { guid } = parse(req.body, OrderGuidRequest);
    const started = await app.db.transaction((tx) => startPayment(tx, app.payments, guid));
    return answer(started, OrderPaymentResponse);
  });

  if (app.payments.id !== 'test') return;

  app.get<{ Params: { id: string } }>(`${TEST_PAYMENT_ROUTE}/:id`, async (req, reply) => {
    const view = await viewPayment(app.db, req.params.id);
    if (!view) throw new HttpError(404, PAYMENT_MESSAGES.paymentNotFound);
    const html = testPaymentPage({
      action: `${TEST_PAYMENT_PATH}/${view.payment.external_id}`,
      number: view.order.number,
      amount: view.payment.amount,
      status: view.payment.status,
      orderPaid: view.order.payment_status === 'paid',
      orderUrl: orderUrl(view.order.guid),
    });
    return reply.type('text/html; charset=utf-8').send(html);
  });

  app.post<{ Params: { id: string } }>(`${TEST_PAYMENT_ROUTE}/:id/pay`, async (req, reply) => {
    const { order, paid } = await app.db.transaction((tx) => confirmPayment(tx, req.params.id, app.config.publicUrl));
    return reply.redirect(paid ? successUrl(order.guid) : `${orderUrl(order.guid)}?payment=failed`, 303);
  });

  app.post<{ Params: { id: string } }>(`${TEST_PAYMENT_ROUTE}/:id/cancel`, async (req, reply) => {
    const order = await app.db.transaction((tx) => cancelPayment(tx, req.params.id));
    if (order.payment_status === 'paid') return reply.redirect(successUrl(order.guid), 303);
    return reply.redirect(`${orderUrl(order.guid)}?payment=cancelled`, 303);
  });
}
