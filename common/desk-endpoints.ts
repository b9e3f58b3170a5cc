// The endpoint table of the manager's desk (/api/manage/, staff only: 'staff' access, see common/endpoints.ts):
// kept apart from the shop's table so that only the desk's own chunks import the desk's contract.
import type { Struct } from 'superstruct';
import { endpoint, type Method } from './endpoints.ts';
import { DeskActionRequest, DeskMe, DeskNoteRequest, DeskOrder, DeskOrderList, DeskOrdersQuery, ExchangeLog } from './contract/manage.ts';

/** A staff call with a JSON answer, with a body or a query when it takes one. */
const staffCall = <A, B, Q, P extends string>(
  method: Method,
  path: P,
  answer: Struct<A, unknown>,
  io: { body?: Struct<B, unknown>; query?: Struct<Q, unknown> } = {},
) => endpoint<A, B, Q, P>({ method, path, answer, ...io, access: 'staff' });

export const DESK_ENDPOINTS = {
  deskMe: staffCall('GET', '/manage/me', DeskMe),
  deskOrders: staffCall('GET', '/manage/orders', DeskOrderList, { query: DeskOrdersQuery }),
  deskExport: endpoint({ method: 'GET', path: '/manage/orders.csv', answer: 'csv', query: DeskOrdersQuery, access: 'staff' }),
  deskOrder: staffCall('GET', '/manage/orders/:id', DeskOrder),
  deskAction: staffCall('POST', '/manage/orders/:id/action', DeskOrder, { body: DeskActionRequest }),
  deskNote: staffCall('PUT', '/manage/orders/:id/note', DeskOrder, { body: DeskNoteRequest }),
  /** Server-sent events: «orders» whenever an order is placed or changes (server/desk/events.ts). */
  deskEvents: endpoint({ method: 'GET', path: '/manage/events', answer: 'events', access: 'staff' }),
  /** The log of the exchanges with the accounting system (server/exchange/log-routes.ts). */
  deskExchange: staffCall('GET', '/manage/exchange', ExchangeLog),
};
