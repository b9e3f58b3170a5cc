// API of the signed-in user's history (spec §7): the bonus ledger, the order previews and one order's
// detail. Each reads only the caller's rows; another user's order is "not found".
import type { FastifyInstance } from 'fastify';
import { BonusLedger, OrderDetail, OrderDetailRequest, OrderHistory } from '../../common/contract.ts';
import { answer, parse } from '../http/contract.ts';
import { HttpError } from '../plugins/errors.ts';
import { registerPrivateAnswers } from '../http/private-answers.ts';
import { ledgerRows } from '../accounts/bonus-sql.ts';
import { orderPreviews, ownOrder } from './history-sql.ts';
import { signedInUser } from '../accounts/account-rules.ts';
import { iso, orderInfo } from './order-info.ts';
import { PAYMENT_MESSAGES } from '../payments/providers.ts';

export default async function historyRoutes(app: FastifyInstance): Promise<void> {
  registerPrivateAnswers(app);

  app.get('/v1/bonus/history/', async (req) => {
    const rows = await ledgerRows(app.db, signedInUser(req));
    return answer(
      rows.map((r) => ({ ...r, created_at: iso(r.created_at), expires_at: r.expires_at === null ? null : iso(r.expires_at) })),
      BonusLedger,
    );
  });

  app.get('/v1/history_order_preview/', async (req) => {
    const rows = await orderPreviews(app.db, signedInUser(req));
    return answer(rows.map((r) => ({ ...r, created_at: iso(r.created_at) })), OrderHistory);
  });

  app.post('/v1/history_order_detail/', async (req) => {
    const userId = signedInUser(req);
    const { pk } = parse(req.body, OrderDetailRequest);
    const order = await ownOrder(app.db, userId, pk);
    if (!order) throw new HttpError(404, PAYMENT_MESSAGES.orderNotFound);
    const info = await orderInfo(app.db, order);
    return answer({ pk: order.id, order_info: info, history: info.history }, OrderDetail);
  });
}
