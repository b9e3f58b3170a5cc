// The app's one door to the API: fetch with credentials and the token header, JSON in and out, and every
// answer checked against its contract struct. A failure is an ApiError; callers apply spec §8.
import type { Struct } from 'superstruct';
import { readCookie } from '../lib/cookies.ts';
import { TOKEN_COOKIE } from '../../common/storage-keys.ts';
import { check } from '../../common/validate.ts';

import { API_BASE } from '../../common/browser/api-base.ts';

export class ApiError extends Error {
  constructor(
    message: string,
    /** 0 for a network failure or an answer that does not fit the contract. */
    readonly status: number,
    readonly body?: unknown,
  ) {
    super(message);
  }
  get isNetwork(): boolean {
    return this.status === 0 || this.status >= 500;
  }
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | object | undefined>;
  body?: unknown;
  headers?: Record<string, string>;
  signal?: AbortSignal;
}

export function apiUrl(path: string, query?: RequestOptions['query']): string {
  const qs = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined) continue;
    qs.set(k, typeof v === 'object' ? JSON.stringify(v) : String(v));
  }
  const s = qs.toString();
  return `${API_BASE}${path}${s ? `?${s}` : ''}`;
}

export async function request<T, S>(path: string, struct: Struct<T, S>, opts: RequestOptions = {}): Promise<T> {
  const headers: Record<string, string> = { accept: 'application/json', ...opts.headers };
  const token = readCookie(TOKEN_COOKIE);
  if (token) headers.authorization = `Token ${token}`;
  if (opts.body !== undefined) headers['content-type'] = 'application/json';
  let res: Response;
  try {
    res = await fetch(apiUrl(path, opts.query), {
      method: opts.method ?? 'GET',
      headers,
      body: opts.body === undefined ? undefined : JSON.stringify(opts.body),
      credentials: 'include',
      signal: opts.signal,
    });
  } catch (err) {
    throw new ApiError('Нет связи с сервером', 0, err);
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const message = (body as { message?: unknown } | null)?.message;
    throw new ApiError(typeof message === 'string' ? message : `Ошибка сервера (${res.status})`, res.status, body);
  }
  const checked = check(body, struct);
  if (!checked.ok) throw new ApiError(`Ответ сервера не по контракту: ${checked.message}`, 0, body);
  return checked.value;
}
