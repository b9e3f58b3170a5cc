// The app's one door to the API: `call` takes an entry of the endpoint table (common/endpoints.ts), which
// gives the method, the path and the structs, fetches with credentials (the HttpOnly sign-in cookie goes
// along; the page never sees the token), JSON in and out, and checks every answer against its contract struct. A failure is an ApiError; callers apply spec §8.
// A call the shopper's leaving the page cut off never answers (lib/page-leaving.ts): Firefox and WebKit cut a
// page's fetches as a navigation away begins, and that is no failure to show or log.
import type { Struct } from 'superstruct';
import { check } from '../../common/validate.ts';
import { endpointPath, queryString, type CallInput, type Endpoint, type EndpointInfo } from '../../common/endpoints.ts';
import { API_BASE } from '../../common/browser/api-base.ts';
import { LandingAnswer, OfferPage, OffersListResponse, ProductOffer } from '../../common/contract/catalog.ts';
import { rememberOffers } from '../worker/remember-queue.ts';
import { ApiError } from './api-error.ts';
import { unlessLeaving } from '../lib/page-leaving.ts';

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | object | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/**
 * The address a call of an entry asks for, as fetch gets it: the API base, the entry's path with its
 * parameters, the query. The server's rendering names the same address for each answer a page was rendered
 * with (entry-server.tsx), so the service worker can keep it where this call would find it.
 */
export function callUrl(
  endpoint: Pick<EndpointInfo, 'path'>,
  input?: { params?: Record<string, string>; query?: RequestOptions['query'] },
): string {
  const path = endpointPath(endpoint.path, (input?.params ?? {}) as Parameters<typeof endpointPath>[1]);
  return `${API_BASE}${path}${queryString(input?.query)}`;
}

/** The JSON a body holds, or null when it holds none (an empty answer, a proxy's HTML error page). */
function jsonOrNull(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}

async function request<T, S>(url: string, struct: Struct<T, S>, opts: Omit<RequestOptions, 'query'> = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  let text: string;
  try {
    // The body too: a body cut off on the way is no answer (the network's failure, or the page being left).
    [res, text] = await unlessLeaving(async () => {
      const answer = await fetch(url, {
        method: opts.method ?? 'GET',
        headers,
        body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
        credentials: 'include',
        signal: opts.signal,
      });
      return [answer, await answer.text()] as const;
    });
  } catch (err) {
    throw new ApiError('Нет связи с сервером', 0, err);
  }
  const body = jsonOrNull(text);
  if (!res.ok) {
    const message = (body as { message?: unknown } | null)?.message;
    throw new ApiError(typeof message === 'string' ? message : `Ошибка сервера (${res.status})`, res.status, body);
  }
  const checked = check(body, struct);
  if (!checked.ok) throw new ApiError(`Ответ сервера не по контракту: ${checked.message}`, 0, body);
  return checked.value;
}

/** Extra headers (an Idempotency-Key) and an abort signal for one call. */
interface CallExtras {
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

/** Whether the call needs an input at all: an entry without parameters, query or body may be called bare. */
type CallArgs<B, Q, P extends string> =
  Partial<CallInput<B, Q, P>> extends CallInput<B, Q, P>
    ? [input?: CallInput<B, Q, P> & CallExtras]
    : [input: CallInput<B, Q, P> & CallExtras];

/** The answers that hold offer cards: each is handed to the offline search, which keeps the cards. */
const OFFER_ANSWERS = new Set<unknown>([OfferPage, LandingAnswer, ProductOffer, OffersListResponse]);

/** Calls one entry of the endpoint table: its method and path, the query and body it takes, its answer checked. */
export async function call<A, B, Q, P extends string>(endpoint: Endpoint<A, B, Q, P>, ...[input]: CallArgs<B, Q, P>): Promise<A> {
  if (typeof endpoint.answer === 'string')
    throw new Error(`${endpoint.method} ${endpoint.path} answers no JSON: the page does not call it`);
  const url = callUrl(endpoint, input as { params?: Record<string, string>; query?: RequestOptions['query'] } | undefined);
  const answer = await request(url, endpoint.answer, {
    method: endpoint.method,
    body: input?.body,
    headers: input?.headers,
    signal: input?.signal,
  });
  if (OFFER_ANSWERS.has(endpoint.answer)) rememberOffers([answer]);
  return answer;
}

/**
 * How the page's data is fetched: `call` in the browser; on the server, the same entries answered in-process
 * (src/entry-server.tsx). Data that pages share with the server's rendering takes one of these.
 */
export type ShopCall = typeof call;
