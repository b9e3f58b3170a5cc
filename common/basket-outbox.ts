// The basket outbox's rules, DOM-free so the page and the service worker (Background Sync) share them: how
// a queued change (basket-queue.ts) becomes a request, how an answer settles it (and the notice a refusal
// leaves), and the flush loop that sends them in order, one at a time.
import type { BasketItem } from './contract/basket.ts';
import type { Mutation, Notice } from './basket-queue.ts';
import { ENDPOINTS, endpointPath, type Endpoint, type Method, type PathParams } from './endpoints.ts';

export interface HttpRequest {
  method: Method;
  path: string;
  body?: unknown;
}

/** A request of a basket entry of the endpoint table, its path filled in. */
function requestTo<A, B, P extends string>(e: Endpoint<A, B, unknown, P>, params: PathParams<P>, body?: B): HttpRequest {
  return { method: e.method, path: endpointPath(e.path, params), ...(body === undefined ? {} : { body }) };
}

/**
 * The request of a mutation. A line is named by its ext_id: when the confirmed basket knows that line, its
 * current item_uuid is used (a line re-added offline gets a new uuid on the server). Null: the line is
 * gone, so the change has nothing left to do.
 */
export function requestOf(m: Mutation, cart: readonly Pick<BasketItem, 'ext_id' | 'item_uuid'>[]): HttpRequest | null {
  if (m.kind === 'add') return requestTo(ENDPOINTS.cartAdd, {}, { ext_id: m.ext_id, quantity: m.quantity });
  if (m.kind === 'clear') return requestTo(ENDPOINTS.cartEmpty, {});
  const line = cart.find((l) => l.ext_id === m.ext_id);
  if (!line) return null;
  const params = { item_uuid: line.item_uuid };
  return m.kind === 'update'
    ? requestTo(ENDPOINTS.cartUpdate, params, { quantity: m.quantity, item_uuid: line.item_uuid })
    : requestTo(ENDPOINTS.cartRemove, params);
}

/** How an attempt ended: the server's cart, a refusal to show and drop, or try again later. */
export type Outcome = { kind: 'success'; cart: BasketItem[] } | { kind: 'rejected'; message: string } | { kind: 'retry' };

export const refusalNotice = (m: Mutation, message: string): Notice => ({ id: m.id, text: `${m.label}: ${message}` });

/** What settles a change: the server's answer, or null when the line it named is gone (nothing to send). */
export type Settlement = Exclude<Outcome, { kind: 'retry' }> | null;

export interface OutboxPort {
  /** The queue, oldest first, as stored now (another tab may have added to it). */
  list(): Promise<Mutation[]>;
  cart(): readonly BasketItem[];
  send(m: Mutation, req: HttpRequest): Promise<Outcome>;
  /**
   * Takes a change out of the queue and records how it ended, in one step: the server's basket replaces the
   * confirmed one in the same moment the change leaves the queue, so nothing looks applied twice (or not at
   * all) in between, not even after a crash.
   */
  settle(m: Mutation, how: Settlement): Promise<void>;
}

/** Sends queued mutations in order until the queue is empty or one must wait; returns how many settled. */
export async function flushOutbox(port: OutboxPort): Promise<number> {
  let settled = 0;
  for (;;) {
    const [head] = await port.list();
    if (!head) return settled;
    const req = requestOf(head, port.cart());
    let how: Settlement = null;
    if (req) {
      const outcome = await port.send(head, req);
      if (outcome.kind === 'retry') return settled;
      how = outcome;
    }
    await port.settle(head, how);
    settled += 1;
  }
}
