// API of gift certificates and cards (spec §7): the certificates on sale, one certificate's data (read from
// `response`), a card's balance (check_card), and paying an order from a card (giftcardpayment,
// idempotent with Idempotency-Key).
import type { FastifyInstance } from 'fastify';
import type { Infer } from 'superstruct';
import {
  CheckCardRequest,
  CheckCardResponse,
  ErrorBody,
  GiftCardDataRequest,
  GiftCardDataResponse,
  GiftCardPaymentRequest,
  GiftCardPaymentResponse,
  GiftCertificateList,
} from '../../common/contract.ts';
import { answer, parse } from '../http/contract.ts';
import { HttpError } from '../plugins/errors.ts';
import { cardByCode, findCertificate, listCertificates } from './gift-sql.ts';
import { orderByGuid } from '../orders/orders-sql.ts';
import { CARD_MESSAGES, normalizeCardCode, payFromCard, usableCard } from './gift-cards.ts';
import { idempotentCall } from '../http/idempotency.ts';
import { LIMITS, spendAttempt } from '../http/rate-limit.ts';

export const CERTIFICATE_NOT_FOUND = 'Сертификат не найден';

export default async function giftRoutes(app: FastifyInstance): Promise<void> {
  app.get('/v1/gift/certificates/', async () => answer(await listCertificates(app.db), GiftCertificateList));

  app.post('/v1/gift/card/data/', async (req) => {
    const { ext_id } = parse(req.body, GiftCardDataRequest);
    const certificate = await findCertificate(app.db, ext_id.trim());
    if (!certificate) throw new HttpError(404, CERTIFICATE_NOT_FOUND);
    return answer({ response: certificate }, GiftCardDataResponse);
  });

  app.post('/v1/check_card/', async (req, reply) => {
    const { code } = parse(req.body, CheckCardRequest);
    await spendAttempt(app.db, [[LIMITS.checkCardPerAddress, req.ip]]);
    const card = usableCard(await cardByCode(app.db, normalizeCardCode(code)));
    reply.header('cache-control', 'no-store');
    return answer({ code: card.code, balance: card.balance, expires_at: new Date(card.expires_at).toISOString() }, CheckCardResponse);
  });

  app.post('/v1/giftcardpayment/', async (req, reply) => {
    const body = parse(req.body, GiftCardPaymentRequest);
    reply.header('cache-control', 'no-store');
    const result = await idempotentCall(app.db, req, reply, (err) => ({ message: err.message }), async (tx) => {
      const order = await orderByGuid(tx, body.guid, true);
      if (!order) throw new HttpError(404, CARD_MESSAGES.orderNotFound);
      const paid = await payFromCard(tx, order, body.code, app.config.publicUrl);
      return { status: 200, body: answer({ ...paid, total: order.total }, GiftCardPaymentResponse) };
    });
    return result.status < 300
      ? answer(result.body as Infer<typeof GiftCardPaymentResponse>, GiftCardPaymentResponse)
      : answer(result.body as ErrorBody, ErrorBody);
  });
}
