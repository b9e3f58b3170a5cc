// Calls of the basket (spec §7, the contract's shapes), as the basket sync's transport (basket-sync.ts): the
// page and the service worker (Background Sync) both send queued mutations through it, with the mutation's
// id as Idempotency-Key and the shop's cookies (the sign-in token among them: neither can read it).
import { CartResponse, CartSuccess, type BasketItem } from '../contract/basket.ts';
import { check } from '../validate.ts';
import type { HttpRequest, Outcome } from '../basket-outbox.ts';
import type { BasketTransport } from './basket-sync.ts';
import { ENDPOINTS } from '../endpoints.ts';
import { API_BASE } from './api-base.ts';

function headers(key?: string): Record<string, string> {
  const h: Record<string, string> = { accept: 'application/json' };
  if (key) h['idempotency-key'] = key;
  return h;
}

/** GET /v2/cart/: the confirmed basket; throws when it cannot be had (offline, server down). */
async function fetchCart(signal?: AbortSignal): Promise<BasketItem[]> {
  const res = await fetch(API_BASE + ENDPOINTS.cart.path, { headers: headers(), credentials: 'include', cache: 'no-store', signal });
  const body: unknown = await res.json().catch(() => null);
  const checked = check(body, CartSuccess);
  if (!res.ok || !checked.ok) throw new Error(`cart: ${res.status}`);
  return checked.value.cart;
}

/**
 * Sends one basket mutation. 'success' carries the server's cart; a 4xx is 'rejected' with the server's
 * Russian message (the mutation is dropped); a network failure, a 5xx or an answer off the contract is
 * 'retry' (the mutation stays queued, and the same key makes a resend harmless).
 */
async function sendCartMutation(req: HttpRequest, key: string): Promise<Outcome> {
  let res: Response;
  try {
    res = await fetch(API_BASE + req.path, {
      method: req.method,
      headers: { ...headers(key), ...(req.body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: req.body === undefined ? undefined : JSON.stringify(req.body),
      credentials: 'include',
    });
  } catch {
    return { kind: 'retry' };
  }
  if (res.status >= 500 || res.status === 408 || res.status === 429) return { kind: 'retry' };
  const body: unknown = await res.json().catch(() => null);
  const checked = check(body, CartResponse);
  if (!checked.ok) return res.ok ? { kind: 'retry' } : { kind: 'rejected', message: 'Не удалось изменить корзину' };
  const answer = checked.value;
  return answer.status === 'success' ? { kind: 'success', cart: answer.cart } : { kind: 'rejected', message: answer.message };
}

/** The transport of the basket sync, the page's and the service worker's alike. */
export const cartTransport: BasketTransport = {
  send: sendCartMutation,
  fetchCart,
};
