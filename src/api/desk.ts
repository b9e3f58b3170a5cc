// Calls of the manager's desk (/api/manage/, staff only): imported by the desk's own chunk alone, so the
// desk's endpoint table and contract never reach a shopper's page.
import type { DeskActionRequest } from '../../common/contract/manage.ts';
import type { OrderStatus } from '../../common/order-status.ts';
import { DESK_ENDPOINTS } from '../../common/desk-endpoints.ts';
import { call, callUrl } from './client.ts';

/** The list's search as the page keeps it in its address: each field as typed, empty when unset. */
export interface DeskSearch {
  q: string;
  status: OrderStatus | '';
  from: string;
  to: string;
  offset: number;
}

const queryOf = (s: DeskSearch) => ({
  q: s.q || undefined,
  status: s.status || undefined,
  from: s.from || undefined,
  to: s.to || undefined,
  offset: s.offset,
});

export const whoIsAtDesk = () => call(DESK_ENDPOINTS.deskMe);
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

export const saveOrderNote = (id: number, note: string) => call(DESK_ENDPOINTS.deskNote, { params: { id: String(id) }, body: { note } });
export const exchangeLog = () => call(DESK_ENDPOINTS.deskExchange);
