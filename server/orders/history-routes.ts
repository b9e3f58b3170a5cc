// API of the signed-in user's history (spec §7): the bonus ledger, the order previews and one order's
// detail. Each reads only the caller's rows; another user's order is "not found".
import type { FastifyInstance } from 'fastify';
import { ENDPOINTS } from '../../common/endpoints.ts';
import { route } from '../http/public.ts';
import { ledgerRows, signedInUser } from '../accounts/public.ts';
import { Refusal } from '../refusal.ts';
import { orderPreviews, ownOrder } from './history-sql.ts';
import { iso, orderInfo } from './order-info.ts';
import { LIFECYCLE_MESSAGES } from './lifecycle.ts';
import { orderStatusName, type OrderStatus } from '../../common/order-status.ts';

export default async function historyRoutes(app: FastifyInstance): Promise<void> {
  route(app, ENDPOINTS.bonusHistory, async (req) => {
    const rows = await ledgerRows(app.db, signedInUser(req));
    return rows.map((r) => ({ ...r, created_at: iso(r.created_at), expires_at: r.expires_at === null ? null : iso(r.expires_at) }));
  });

  route(app, ENDPOINTS.orderHistory, async (req) => {
    const rows = await orderPreviews(app.db, signedInUser(req));
    return rows.map((r) => ({
      ...r,
      status: r.status as OrderStatus,
      status_name: orderStatusName(r.status),
      created_at: iso(r.created_at),
    }));
  });

  route(app, ENDPOINTS.orderDetail, async (req) => {
    const userId = signedInUser(req);
    const order = await ownOrder(app.db, userId, req.body.pk);
    if (!order) throw new Refusal('notFound', LIFECYCLE_MESSAGES.notFound);
    const info = await orderInfo(app.db, order);
    return { pk: order.id, order_info: info, history: info.history };
  });
}
