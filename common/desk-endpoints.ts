// The endpoint table of the manager's desk (/api/manage/, staff only: 'staff' access, see common/endpoints.ts;
// the gate's steps before the desk opens are the signed-in caller's own, 'private'):
// kept apart from the shop's table so that only the desk's own chunks import the desk's contract.
import type { Struct } from 'superstruct';
import { endpoint, type Method } from './endpoints.ts';
import {
  DeskActionRequest,
  DeskCodeRequest,
  DeskGate,
  DeskInvitationRequest,
  DeskMe,
  DeskNoteRequest,
  DeskOpened,
  DeskOrder,
  DeskOrderList,
  DeskOrdersQuery,
  DeskSecondFactorSetup,
  ExchangeLog,
} from './contract/manage.ts';
import { MessageBody } from './contract/base.ts';

/** A staff call with a JSON answer, with a body or a query when it takes one. */
const staffCall = <A, B, Q, P extends string>(
  method: Method,
  path: P,
  answer: Struct<A, unknown>,
  io: { body?: Struct<B, unknown>; query?: Struct<Q, unknown> } = {},
) => endpoint<A, B, Q, P>({ method, path, answer, ...io, access: 'staff' });

/** A step of the desk's gate: the signed-in caller's own (private), before the desk is open. */
const gateCall = <A, B, P extends string>(method: Method, path: P, answer: Struct<A, unknown>, body?: Struct<B, unknown>) =>
  endpoint<A, B, unknown, P>({ method, path, answer, ...(body ? { body } : {}), access: 'private' });

export const DESK_ENDPOINTS = {
  /** Where the caller is at the desk's gate (server/desk/gate-routes.ts). */
  deskGate: gateCall('GET', '/manage/gate', DeskGate),
  deskInvitation: gateCall('POST', '/manage/invitation', DeskGate, DeskInvitationRequest),
  deskInviteAgain: gateCall('POST', '/manage/invitation/again', MessageBody),
  deskSetUp: gateCall('POST', '/manage/second-factor', DeskSecondFactorSetup),
  deskSetUpDone: gateCall('POST', '/manage/second-factor/confirm', DeskOpened, DeskCodeRequest),
  deskOpen: gateCall('POST', '/manage/open', DeskOpened, DeskCodeRequest),
  deskClose: gateCall('POST', '/manage/close', MessageBody),
  deskMe: staffCall('GET', '/manage/me', DeskMe),
  deskOrders: staffCall('GET', '/manage/orders', DeskOrderList, { query: DeskOrdersQuery }),
  deskExport: endpoint({ method: 'GET', path: '/manage/orders.csv', answer: 'csv', query: DeskOrdersQuery, access: 'staff' }),
  deskOrder: staffCall('GET', '/manage/orders/:id', DeskOrder),
  deskAction: staffCall('POST', '/manage/orders/:id/action', DeskOrder, { body: DeskActionRequest }),
  /** Registers the order's shipment with the carrier now (again, after a failure). */
  deskShipment: staffCall('POST', '/manage/orders/:id/shipment', DeskOrder),
  /** The label of the order's shipment, as the carrier prints it (PDF). */
  deskLabel: endpoint({ method: 'GET', path: '/manage/orders/:id/label.pdf', answer: 'pdf', access: 'staff' }),
  deskNote: staffCall('PUT', '/manage/orders/:id/note', DeskOrder, { body: DeskNoteRequest }),
  /** Server-sent events: «orders» whenever an order is placed or changes (server/desk/events.ts). */
  deskEvents: endpoint({ method: 'GET', path: '/manage/events', answer: 'events', access: 'staff' }),
  /** The log of the exchanges with the accounting system (server/exchange/log-routes.ts). */
  deskExchange: staffCall('GET', '/manage/exchange', ExchangeLog),
};
