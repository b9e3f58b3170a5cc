// The bank's two doors into the shop (sberbank.ts, whose provider registers them): the return address its
// form sends the buyer back to (the payment's status asked of the bank, then 303 to the success page or
// back to the order), and the callback it calls when a payment settles (its verdict is the bank module's:
// believed with the bank's checksum, else asked of the bank). Neither trusts what the URL says about the
// money.
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { route } from '../http/public.ts';
import { Refusal } from '../refusal.ts';
import { PAYMENT_MESSAGES, cancelPayment, confirmPayment, viewPayment, type Verdict } from './providers.ts';
import { paymentByProviderRef } from '../orders/public.ts';
import type { Bank } from './sberbank.ts';
import { isPaid } from '../../common/order-status.ts';
import { orderPath, successPath } from '../../common/order-paths.ts';

export function sberbankRoutes(app: FastifyInstance, bank: Bank): void {
  /** Settles the payment by the verdict: its order paid now, the money late (its order no longer waits), or neither. */
  const settle = async (externalId: string, verdict: Verdict | null): Promise<'settled' | 'late' | 'unpaid'> => {
    if (verdict === 'taken') {
      const done = await app.db.transaction((tx) => confirmPayment(tx, externalId, app.config.publicUrl));
      return done.paid ? 'settled' : done.late ? 'late' : 'unpaid';
    }
    const order =
      verdict === 'failed'
        ? await app.db.transaction((tx) => cancelPayment(tx, externalId))
        : (await viewPayment(app.db, externalId))!.order;
    return isPaid(order) ? 'settled' : 'unpaid';
  };

  route(app, ENDPOINTS.sberbankReturn, async (req, reply) => {
    const externalId = req.query.payment;
    const view = await viewPayment(app.db, externalId);
    if (!view || view.payment.provider !== bank.id) throw new Refusal('notFound', PAYMENT_MESSAGES.paymentNotFound);
    // A payment the shop gave up on is asked about too: the bank may have taken the money all the same. (A
    // bank that does not answer then is no failure of the buyer's: back to the order as before.)
    const { status } = view.payment;
    const verdict =
      status === 'pending'
        ? await bank.status(view.payment)
        : status === 'failed'
          ? await bank.status(view.payment).catch(() => null)
          : null;
    const { guid } = view.order;
    const settled = await settle(externalId, verdict);
    if (settled === 'settled') return reply.redirect(successPath(guid), 303);
    return reply.redirect(orderPath(guid, settled === 'late' ? 'late' : verdict === 'pending' ? 'pending' : 'failed'), 303);
  });

  route(app, ENDPOINTS.sberbankCallback, async (req, reply) => {
    const params = req.query;
    const payment = params.mdOrder ? await paymentByProviderRef(app.db, bank.id, params.mdOrder) : null;
    if (!payment || payment.external_id !== params.orderNumber) throw new Refusal('notFound', PAYMENT_MESSAGES.paymentNotFound);
    const verdict = await bank.callbackVerdict(params, payment);
    if (payment.status !== 'succeeded') await settle(payment.external_id, verdict);
    return reply.type('text/plain; charset=utf-8').send('OK');
  });
}
