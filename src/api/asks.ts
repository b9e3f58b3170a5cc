// A page module's asks (common/page-module.ts) as calls: each names an entry of the endpoint table, which
// `call` (or the server's caller) answers; and the address such a call asks, where the service worker keeps
// the answer for the app shell offline.
import { ENDPOINTS } from '../../common/endpoints.ts';
import type { Ask } from '../../common/page-module.ts';
import { call, callUrl, type ShopCall } from './client.ts';

/** The ask's answer, from the caller given (`call` in the browser). */
export const loadAsk = <A>(ask: Ask<A>, api: ShopCall = call): Promise<A> =>
  (api as (e: unknown, input: unknown) => Promise<A>)(ENDPOINTS[ask.endpoint], { params: ask.params, query: ask.query });

/** The API address the page would ask for this answer. */
export const askUrl = (ask: Ask): string =>
  callUrl(ENDPOINTS[ask.endpoint], { params: ask.params, query: ask.query as Record<string, string | number | object | undefined> });
