// API of gift certificates and cards (spec §7): the certificates on sale, one certificate's data (read from
// `response`), and a card's balance (check_card). Paying an order from a card is the orders' (routes.ts).
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { LIMITS, route, spendAttempt } from '../http/public.ts';
import { Refusal } from '../refusal.ts';
import { cardByCode, findCertificate, listCertificates } from './gift-sql.ts';
import { usableCard } from './gift-cards.ts';
import { cleanCardCode } from '../../common/input-rules.ts';

export const CERTIFICATE_NOT_FOUND = 'Сертификат не найден';

export default async function giftRoutes(app: FastifyInstance): Promise<void> {
  route(app, ENDPOINTS.certificates, async () => listCertificates(app.db));

  route(app, ENDPOINTS.giftCardData, async (req) => {
    const certificate = await findCertificate(app.db, req.body.ext_id.trim());
    if (!certificate) throw new Refusal('notFound', CERTIFICATE_NOT_FOUND);
    return { response: certificate };
  });

  route(app, ENDPOINTS.checkCard, async (req) => {
    await spendAttempt(app.db, [[LIMITS.checkCardPerAddress, req.ip]]);
    const card = usableCard(await cardByCode(app.db, cleanCardCode(req.body.code)));
    return { code: card.code, balance: card.balance, expires_at: new Date(card.expires_at).toISOString() };
  });
}
