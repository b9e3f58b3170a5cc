// The desk list's search as it lives in the page's address (/manage?q=…&status=…&payment=…&from=…&to=…&page=2), so a
// reload, the back button or a link sent to a colleague shows the same orders; and the texts the desk shows
// for each move a manager makes.
import type { OrderStatus } from '../../../common/order-status.ts';
import type { ManagerMove } from '../../../common/manager-moves.ts';
import { ORDER_STATUS_CODES, PAYMENT_METHOD_CODES, type PaymentMethod } from '../../../common/order-status.ts';
import { DESK_PAGE_SIZE } from '../../../common/contract/manage.ts';
import type { DeskSearch } from '../../api/desk.ts';

export function searchFromQuery(query: string): DeskSearch {
  const p = new URLSearchParams(query);
  const status = p.get('status') ?? '';
  const payment = p.get('payment') ?? '';
  const page = Math.max(1, Number.parseInt(p.get('page') ?? '1', 10) || 1);
  return {
    q: p.get('q') ?? '',
    status: (ORDER_STATUS_CODES as readonly string[]).includes(status) ? (status as OrderStatus) : '',
    payment: (PAYMENT_METHOD_CODES as readonly string[]).includes(payment) ? (payment as PaymentMethod) : '',
    from: p.get('from') ?? '',
    to: p.get('to') ?? '',
    offset: (page - 1) * DESK_PAGE_SIZE,
  };
}

export function queryFromSearch(s: DeskSearch): string {
  const p = new URLSearchParams();
  if (s.q) p.set('q', s.q);
  if (s.status) p.set('status', s.status);
  if (s.payment) p.set('payment', s.payment);
  if (s.from) p.set('from', s.from);
  if (s.to) p.set('to', s.to);
  if (s.offset > 0) p.set('page', String(s.offset / DESK_PAGE_SIZE + 1));
  const text = String(p);
  return text ? `?${text}` : '';
}

/** Each move's button, and what the form asks for it. */
export const MOVE_TEXTS: Record<ManagerMove, { button: string; needs?: 'reason' | 'tracking' }> = {
  assembling: { button: 'Собрать заказ' },
  shipped: { button: 'Передать в доставку', needs: 'tracking' },
  ready_for_pickup: { button: 'Готов к выдаче' },
  received: { button: 'Получен покупателем' },
  cancelled: { button: 'Отменить заказ', needs: 'reason' },
  returned: { button: 'Оформить возврат', needs: 'reason' },
};
