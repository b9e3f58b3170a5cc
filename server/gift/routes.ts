// API of gift certificates and cards (spec §7): the certificates on sale, one certificate's data (read from
// `response`), a card's balance (check_card), and paying an order from a card (giftcardpayment,
// idempotent with Idempotency-Key).
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { route } from '../http/endpoint-route.ts';
import { HttpError } from '../plugins/errors.ts';
import { cardByCode, findCertificate, listCertificates } from './gift-sql.ts';
import { orderByGuid } from '../orders/orders-sql.ts';
import { CARD_MESSAGES, payFromCard, usableCard } from './gift-cards.ts';
import { cleanCardCode } from '../../common/input-rules.ts';
import { idempotentCall } from '../http/idempotency.ts';
import { shopper } from '../orders/lifecycle.ts';
import { LIMITS, spendAttempt } from '../http/rate-limit.ts';

export const CERTIFICATE_NOT_FOUND = 'Сертификат не найден';

export default async function giftRoutes(app: FastifyInstance): Promise<void> {
  route(app, ENDPOINTS.certificates, async () => listCertificates(app.db));

  route(app, ENDPOINTS.giftCardData, async (req) => {
    const certificate = await findCertificate(app.db, req.body.ext_id.trim());
    if (!certificate) throw new HttpError(404, CERTIFICATE_NOT_FOUND);
    return { response: certificate };
  });

  route(app, ENDPOINTS.checkCard, async (req, reply) => {
    await spendAttempt(app.db, [[LIMITS.checkCardPerAddress, req.ip]]);
    const card = usableCard(await cardByCode(app.db, cleanCardCode(req.body.code)));
    reply.header('cache-control', 'no-store');
    return { code: card.code, balance: card.balance, expires_at: new Date(card.expires_at).toISOString() };
  });

  route(app, ENDPOINTS.giftCardPayment, async (req, reply) => {
    const { guid, code } = req.body;
    reply.header('cache-control', 'no-store');
    await spendAttempt(app.db, [[LIMITS.cardPaymentPerAddress, req.ip]]);
    return idempotentCall(
      app.db,
      req,
      reply,
      (err) => ({ message: err.message }),
      async (tx, who) => {
        const order = await orderByGuid(tx, guid, true);
        if (!order) throw new HttpError(404, CARD_MESSAGES.orderNotFound);
        const paid = await payFromCard(tx, order, code, shopper(who.userId), app.config.publicUrl);
        return { ...paid, total: order.total };
      },
    );
  });
}
