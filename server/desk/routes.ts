// API of the manager's desk (/api/manage/, the endpoint table's staff entries: only STAFF_EMAILS get past
// admitStaff): the orders list with search, filters and counts, the CSV export, one order, the lifecycle's
// moves a manager makes (each recorded with who made it and told to the buyer once by the lifecycle), and
// the manager's note. A cancel or a return that gives card money back asks the provider right after it is
// recorded, not at the next pass.
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DESK_ENDPOINTS } from '../../common/desk-endpoints.ts';
import { DESK_PAGE_SIZE, type DeskOrdersQuery } from '../../common/contract/manage.ts';
import { LIMITS, route, spendAttempt, staffMember } from '../http/public.ts';
import {
  LIFECYCLE_MESSAGES,
  deskOrders,
  iso,
  managerMove,
  orderById,
  statusCounts,
  waitingOrders,
  type Actor,
  type DeskFilter,
  setManagerNote,
} from '../orders/public.ts';
import { carryOutRefunds, issueClosingReceipts } from '../payments/public.ts';
import { Refusal } from '../refusal.ts';
import { namedStatuses, ORDER, ORDER_STATUS_CODES, ORDER_STATUSES } from '../../common/order-status.ts';
import { undoesSale } from '../../common/manager-moves.ts';
import type { Queryable } from '../db/public.ts';
import { deskOrder } from './desk-order.ts';
import { CarrierError, carrierOf, NO_CARRIER, registerShipments, shipmentLabel, withdrawShipments } from '../carrier/public.ts';
import { deskEvents } from './events.ts';
import { ordersCsv, ordersCsvName } from './orders-csv.ts';

export const DESK_MESSAGES = {
  badId: 'Неверный номер заказа',
} as const;

/** Orders in one CSV file at most (a year of a small shop's orders). */
const CSV_MAX_ROWS = 20_000;

/** A day of the filter (checked by the contract) as the moment it starts in Moscow (UTC+3 all year since 2014). */
function moscowDay(day: string | undefined, next = false): Date | undefined {
  if (!day) return undefined;
  const at = new Date(`${day}T00:00:00+03:00`);
  if (next) at.setUTCDate(at.getUTCDate() + 1);
  return at;
}

const filterOf = (q: DeskOrdersQuery): DeskFilter => ({
  q: q.q,
  status: q.status,
  payment: q.payment,
  from: moscowDay(q.from),
  to: moscowDay(q.to, true),
});

function orderIdOf(raw: string): number {
  const id = /^\d{1,10}$/.test(raw) ? Number(raw) : 0;
  if (id < 1 || id > 2_147_483_647) throw new Refusal('notFound', DESK_MESSAGES.badId);
  return id;
}

async function shownOrder(db: Queryable, id: number) {
  const order = await deskOrder(db, id);
  if (!order) throw new Refusal('notFound', LIFECYCLE_MESSAGES.notFound);
  return order;
}

/** The manager at the desk as the lifecycle records them; their change counts against their limit. */
async function changer(app: FastifyInstance, req: FastifyRequest): Promise<Actor> {
  const staff = staffMember(req);
  await spendAttempt(app.db, [[LIMITS.deskChangePerStaff, String(staff.id)]]);
  return { kind: 'manager', id: staff.id };
}

export default async function deskRoutes(app: FastifyInstance): Promise<void> {
  route(app, DESK_ENDPOINTS.deskMe, async (req) => ({ email: staffMember(req).email }));

  const events = await deskEvents(app);
  route(app, DESK_ENDPOINTS.deskEvents, async (req, reply) => {
    events.open(req, reply, staffMember(req).id);
    return reply;
  });

  route(app, DESK_ENDPOINTS.deskOrders, async (req) => {
    const filter = filterOf(req.query);
    const [{ count, rows }, counts, waiting] = await Promise.all([
      deskOrders(app.db, filter, DESK_PAGE_SIZE, req.query.offset),
      statusCounts(app.db, filter),
      waitingOrders(app.db),
    ]);
    const byStatus = new Map(counts.map((c) => [c.status, c.count]));
    return {
      count,
      results: rows.map(({ pickup_point: _point, ...r }) => ({
        ...r,
        created_at: iso(r.created_at),
        ...namedStatuses(r),
      })),
      counts: ORDER_STATUS_CODES.map((status) => ({ status, status_name: ORDER_STATUSES[status], count: byStatus.get(status) ?? 0 })),
      waiting,
    };
  });

  route(app, DESK_ENDPOINTS.deskExport, async (req, reply) => {
    const { rows } = await deskOrders(app.db, filterOf(req.query), CSV_MAX_ROWS, 0);
    return reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename*=UTF-8''${encodeURIComponent(ordersCsvName(new Date()))}`)
      .send(ordersCsv(rows));
  });

  route(app, DESK_ENDPOINTS.deskOrder, async (req) => shownOrder(app.db, orderIdOf(req.params.id)));

  route(app, DESK_ENDPOINTS.deskAction, async (req) => {
    const id = orderIdOf(req.params.id);
    const actor = await changer(app, req);
    await app.db.transaction(async (tx) => {
      const order = await orderById(tx, id, true);
      if (!order) throw new Refusal('notFound', LIFECYCLE_MESSAGES.notFound);
      await managerMove(tx, order, req.body.action, actor, req.body, app.config.publicUrl);
    });
    req.log.info({ staff: req.staffEmail, order: id, action: req.body.action }, 'desk: order moved');
    if (undoesSale(req.body.action) || req.body.kept) {
      void carryOutRefunds(app.db, app.payments).catch((err: unknown) => req.log.warn({ err }, 'desk: refunds wait for the next pass'));
    }
    if (req.body.action === ORDER.received) {
      void issueClosingReceipts(app.db, app.payments).catch((err: unknown) =>
        req.log.warn({ err }, 'desk: the closing receipt waits for the next pass'),
      );
    }
    // Assembled, an order a carrier takes is registered with it now; the answer shows how that went.
    const carrier = carrierOf(app);
    if (carrier && req.body.action === ORDER.assembling) await registerShipments(carrier, id);
    // Cancelled, its shipment is withdrawn from CDEK (the parcel not handed in yet).
    if (carrier && req.body.action === ORDER.cancelled) await withdrawShipments(carrier, id);
    return shownOrder(app.db, id);
  });

  route(app, DESK_ENDPOINTS.deskShipment, async (req) => {
    const id = orderIdOf(req.params.id);
    await changer(app, req);
    const carrier = carrierOf(app);
    if (!carrier) throw new Refusal('conflict', NO_CARRIER);
    await registerShipments(carrier, id);
    req.log.info({ staff: req.staffEmail, order: id }, 'desk: shipment registered again');
    return shownOrder(app.db, id);
  });

  route(app, DESK_ENDPOINTS.deskLabel, async (req, reply) => {
    const id = orderIdOf(req.params.id);
    await changer(app, req);
    const carrier = carrierOf(app);
    if (!carrier) throw new Refusal('conflict', NO_CARRIER);
    let pdf: Buffer;
    try {
      pdf = await shipmentLabel(carrier, id);
    } catch (err) {
      if (!(err instanceof CarrierError)) throw err;
      throw new Refusal(err.retriable ? 'providerFailed' : 'conflict', err.message);
    }
    return reply.header('content-type', 'application/pdf').header('content-disposition', `inline; filename="label-${id}.pdf"`).send(pdf);
  });

  route(app, DESK_ENDPOINTS.deskNote, async (req) => {
    const id = orderIdOf(req.params.id);
    await changer(app, req);
    if (!(await setManagerNote(app.db, id, req.body.note))) throw new Refusal('notFound', LIFECYCLE_MESSAGES.notFound);
    req.log.info({ staff: req.staffEmail, order: id }, 'desk: note saved');
    return shownOrder(app.db, id);
  });
}
