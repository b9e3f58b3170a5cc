// Calls of the manager's desk (/api/manage/, staff only): imported by the desk's own chunk alone, so the
// desk's endpoint table and contract never reach a shopper's page.
import type { DeskActionRequest } from '../../common/contract/manage.ts';
import type { OrderStatus, PaymentMethod } from '../../common/order-status.ts';
import { DESK_ENDPOINTS } from '../../common/desk-endpoints.ts';
import { call, callUrl } from './client.ts';

/** The list's search as the page keeps it in its address: each field as typed, empty when unset. */
export interface DeskSearch {
  q: string;
  status: OrderStatus | '';
  payment: PaymentMethod | '';
  from: string;
  to: string;
  offset: number;
}

const queryOf = (s: DeskSearch) => ({
  q: s.q || undefined,
  status: s.status || undefined,
  payment: s.payment || undefined,
  from: s.from || undefined,
  to: s.to || undefined,
  offset: s.offset,
});

export const findOrders = (s: DeskSearch) => call(DESK_ENDPOINTS.deskOrders, { query: queryOf(s) });
export const ordersCsvUrl = (s: DeskSearch) => callUrl(DESK_ENDPOINTS.deskExport, { query: { ...queryOf(s), offset: undefined } });
export const deskOrder = (id: number) => call(DESK_ENDPOINTS.deskOrder, { params: { id: String(id) } });
export const moveOrder = (id: number, move: DeskActionRequest) =>
  call(DESK_ENDPOINTS.deskAction, { params: { id: String(id) }, body: move });
/**
 * Calls `onOrders` whenever an order is placed or changes (the server's event stream; the browser reconnects
 * by itself after a break); answers the function that closes the stream.
 */
export function watchOrders(onOrders: () => void): () => void {
  const source = new EventSource(callUrl(DESK_ENDPOINTS.deskEvents), { withCredentials: true });
  source.addEventListener('orders', onOrders);
  return () => source.close();
}

/** Registers the order's shipment with the carrier again (after a failure). */
export const registerShipment = (id: number) => call(DESK_ENDPOINTS.deskShipment, { params: { id: String(id) } });
/** Where the label of the order's shipment opens (a PDF the carrier printed). */
export const shipmentLabelUrl = (id: number) => callUrl(DESK_ENDPOINTS.deskLabel, { params: { id: String(id) } });
export const saveOrderNote = (id: number, note: string) => call(DESK_ENDPOINTS.deskNote, { params: { id: String(id) }, body: { note } });
export const exchangeLog = () => call(DESK_ENDPOINTS.deskExchange);

/** The desk's gate (server/desk/gate-routes.ts): where the signed-in caller is on the way in, and each step. */
export const deskGate = () => call(DESK_ENDPOINTS.deskGate);
export const takeInvitation = (token: string) => call(DESK_ENDPOINTS.deskInvitation, { body: { token } });
export const inviteAgain = () => call(DESK_ENDPOINTS.deskInviteAgain);
export const beginAuthenticator = () => call(DESK_ENDPOINTS.deskSetUp);
export const finishAuthenticator = (code: string) => call(DESK_ENDPOINTS.deskSetUpDone, { body: { code } });
export const openDesk = (code: string) => call(DESK_ENDPOINTS.deskOpen, { body: { code } });
export const closeDesk = () => call(DESK_ENDPOINTS.deskClose);
