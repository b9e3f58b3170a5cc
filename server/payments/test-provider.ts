// The built-in test payment provider (PAYMENT_PROVIDER=test, the demo `npm start` runs): the buyer pays at
// its own page, GET /api/payments/test/<id> «Тестовая оплата», whose forms POST …/pay (the payment succeeds,
// the order is paid, 303 to /basket/success?guid=…) or …/cancel (303 back to the order's page). No money
// moves: its routes exist only when it is the chosen provider.
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS, endpointPath } from '../../common/endpoints.ts';
import { route } from '../http/public.ts';
import { Refusal } from '../refusal.ts';
import { PAYMENT_MESSAGES, cancelPayment, confirmPayment, viewPayment, type PaymentProvider } from './providers.ts';
import { testPaymentPage } from './test-payment-page.ts';
import { isPaid } from '../../common/order-status.ts';
import { orderPath, successPath } from '../../common/order-paths.ts';

/** The test provider's page (the endpoint table's testPaymentPage), under the API's /api prefix. */
const testPaymentUrl = (externalId: string) => `/api${endpointPath(ENDPOINTS.testPaymentPage.path, { id: externalId })}`;

function testPaymentRoutes(app: FastifyInstance): void {
  route(app, ENDPOINTS.testPaymentPage, async (req, reply) => {
    const view = await viewPayment(app.db, req.params.id);
    if (!view) throw new Refusal('notFound', PAYMENT_MESSAGES.paymentNotFound);
    const html = testPaymentPage({
      action: testPaymentUrl(view.payment.external_id),
      number: view.order.number,
      amount: view.payment.amount,
      status: view.payment.status,
      orderPaid: isPaid(view.order),
      orderUrl: orderPath(view.order.guid),
    });
    return reply.type('text/html; charset=utf-8').send(html);
  });

  // The test page moves no money: only a pending payment can be paid on it (a page left open past the order's
  // deadline pays nothing, and tells nobody of money that never came).
  route(app, ENDPOINTS.testPaymentPay, async (req, reply) => {
    const view = await viewPayment(app.db, req.params.id);
    if (!view) throw new Refusal('notFound', PAYMENT_MESSAGES.paymentNotFound);
    const { order, paid } =
      view.payment.status === 'pending'
        ? await app.db.transaction((tx) => confirmPayment(tx, req.params.id, app.config.publicUrl))
        : { order: view.order, paid: isPaid(view.order) };
    return reply.redirect(paid ? successPath(order.guid) : orderPath(order.guid, 'failed'), 303);
  });

  route(app, ENDPOINTS.testPaymentCancel, async (req, reply) => {
    const order = await app.db.transaction((tx) => cancelPayment(tx, req.params.id));
    if (isPaid(order)) return reply.redirect(successPath(order.guid), 303);
    return reply.redirect(orderPath(order.guid, 'abandoned'), 303);
  });
}

export const testPaymentProvider: PaymentProvider = {
  id: 'test',
  register: async (p) => ({ url: testPaymentUrl(p.external_id), ref: null }),
  // Its payments are settled only through its own page, in the shop's database: one still pending was not paid.
  status: async () => 'pending',
  // Nothing was taken from a card, so there is nothing to give back: the refund is done at once.
  refund: async () => {},
  // It prints no receipts (its payments reach no bank, so the lifecycle writes no closing receipt for them).
  closeReceipt: async () => {},
  routes: testPaymentRoutes,
};
