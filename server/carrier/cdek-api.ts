// CDEK's REST API v2, the calls the shop makes (docs/delivery.md names the specification of each field): an
// OAuth client-credentials token, kept until shortly before it expires and one taken at a time for the calls
// made meanwhile (one expired early, a 401, is taken again once); cities by name; the tariff list of the calculator; the
// pickup points and parcel lockers of a city; an order registered and read back; a label to print; the status
// webhooks. Every call has a time limit; a failure is a CarrierError in Russian, saying whether trying again
// later may help (no answer, a 5xx) or not (CDEK refused what was sent). Written by hand: CDEK publishes no
// Node client (its SDKs are PHP), and the calls are a few JSON requests.
import type { CdekConfig } from '../config.ts';

/** A token is taken again this long before CDEK says it expires. */
const TOKEN_MARGIN_MS = 60_000;

export class CarrierError extends Error {
  constructor(
    message: string,
    /** True when the same call may go through later (no answer, a timeout, a 5xx); false when CDEK refused it. */
    readonly retriable: boolean,
  ) {
    super(message);
  }
}

export const CDEK_MESSAGES = {
  unreachable: (why: string) => `СДЭК не отвечает (${why}): попробуем ещё раз`,
  refused: (why: string) => `СДЭК отказал: ${why}`,
  badAnswer: 'СДЭК ответил не так, как описано в его API',
  credentials: 'СДЭК не принял ключи договора (CDEK_CLIENT_ID, CDEK_CLIENT_SECRET)',
} as const;

export interface CdekLocation {
  code?: number;
  city?: string;
  address?: string;
  country_code?: string;
}

export interface CdekPackage {
  number?: string;
  weight: number;
  length: number;
  width: number;
  height: number;
  items?: CdekItem[];
}

export interface CdekMoney {
  value: number;
  vat_sum?: number;
  vat_rate?: number;
}

export interface CdekItem {
  name: string;
  ware_key: string;
  payment: CdekMoney;
  cost: number;
  weight: number;
  amount: number;
}

export interface CdekCity {
  code: number;
  city: string;
  region?: string;
  country_code?: string;
}

export interface CdekTariff {
  tariff_code: number;
  tariff_name: string;
  delivery_mode: number;
  delivery_sum: number;
  period_min: number;
  period_max: number;
}

export interface CdekPoint {
  code: string;
  name: string;
  type: string;
  location: { city_code: number; city: string; address: string; address_full?: string; longitude: number; latitude: number };
  nearest_station?: string;
  nearest_metro_station?: string;
  work_time?: string;
  allowed_cod?: boolean;
  is_dressing_room?: boolean;
}

export interface CdekOrderRequest {
  type: 1;
  number: string;
  tariff_code: number;
  comment?: string;
  shipment_point?: string;
  from_location?: CdekLocation;
  delivery_point?: string;
  to_location?: CdekLocation;
  recipient: { name: string; email?: string; phones: { number: string }[] };
  sender?: { name: string };
  delivery_recipient_cost?: CdekMoney;
  /** Extra services: TRYING_ON (fitting), PART_DELIV (the buyer keeps part of it). */
  services?: { code: string }[];
  packages: CdekPackage[];
}

/** A request CDEK keeps about an order, and how it went: ACCEPTED and WAITING are under way. */
export interface CdekRequestState {
  type: string;
  state: 'ACCEPTED' | 'WAITING' | 'SUCCESSFUL' | 'INVALID';
  errors?: { code: string; message: string }[];
}

export interface CdekOrder {
  uuid: string;
  cdek_number?: string;
  /** Newest first, as CDEK lists them; reason_code 20 with DELIVERED: a partial delivery. */
  statuses: { code: string; name: string; date_time: string; reason_code?: string }[];
  /** The units of each item handed over (delivery_amount), once delivered. */
  packages?: { items?: { ware_key: string; amount: number; delivery_amount?: number }[] }[];
  requests: CdekRequestState[];
}

interface Token {
  value: string;
  until: number;
}

/** The CDEK API of one contract, its token kept between calls. */
export class CdekApi {
  private current: Token | null = null;
  private taking: Promise<Token> | null = null;

  constructor(private readonly config: CdekConfig) {}

  /** CDEK's cities of this name in Russia (a name alone may be several: the region tells them apart). */
  cities(name: string): Promise<CdekCity[]> {
    return this.call('GET', `/location/cities?${new URLSearchParams({ city: name, country_codes: 'RU' })}`);
  }

  /** The calculator's tariffs between two places for these packages. */
  async tariffs(from: CdekLocation, to: CdekLocation, packages: CdekPackage[]): Promise<CdekTariff[]> {
    const answer = await this.call<{ tariff_codes?: CdekTariff[]; errors?: { code: string; message: string }[] }>(
      'POST',
      '/calculator/tarifflist',
      { type: 1, currency: 1, lang: 'rus', from_location: from, to_location: to, packages },
    );
    if (answer.errors?.length) throw new CarrierError(CDEK_MESSAGES.refused(answer.errors.map((e) => e.message).join('; ')), false);
    return answer.tariff_codes ?? [];
  }

  /** The pickup points and parcel lockers of a CDEK city that hand parcels out. */
  deliveryPoints(cityCode: number): Promise<CdekPoint[]> {
    return this.call('GET', `/deliverypoints?${new URLSearchParams({ city_code: String(cityCode), type: 'ALL', is_handout: 'true' })}`);
  }

  /** Registers an order; CDEK answers its uuid at once and checks it after (read it back with `order`). */
  async createOrder(body: CdekOrderRequest): Promise<{ uuid: string; requests: CdekRequestState[] }> {
    const answer = await this.call<{ entity?: { uuid: string }; requests: CdekRequestState[] }>('POST', '/orders', body);
    const refused = answer.requests.find((r) => r.state === 'INVALID');
    if (refused || !answer.entity) throw new CarrierError(CDEK_MESSAGES.refused(errorsOf(refused)), false);
    return { uuid: answer.entity.uuid, requests: answer.requests };
  }

  /** The order CDEK holds under the shop's number, or null (a registration whose answer was lost is found so). */
  async orderByNumber(number: string): Promise<CdekOrder | null> {
    try {
      const answer = await this.call<{ entity: Omit<CdekOrder, 'requests'>; requests: CdekRequestState[] }>(
        'GET',
        `/orders?${new URLSearchParams({ im_number: number })}`,
      );
      return { ...answer.entity, statuses: answer.entity.statuses ?? [], requests: answer.requests ?? [] };
    } catch (err) {
      if (err instanceof CarrierError && !err.retriable) return null; // 400 v2_entity_not_found_im_number
      throw err;
    }
  }

  /** An order as CDEK has it now: its number once it took it, its statuses, and how its requests went. */
  async order(uuid: string): Promise<CdekOrder> {
    const answer = await this.call<{ entity: Omit<CdekOrder, 'requests'>; requests: CdekRequestState[] }>(
      'GET',
      `/orders/${encodeURIComponent(uuid)}`,
    );
    return { ...answer.entity, statuses: answer.entity.statuses ?? [], requests: answer.requests ?? [] };
  }

  /** Withdraws an order CDEK holds (allowed until the parcel is handed in; CDEK refuses it after, with its reason). */
  async deleteOrder(uuid: string): Promise<void> {
    const answer = await this.call<{ requests?: CdekRequestState[] }>('DELETE', `/orders/${encodeURIComponent(uuid)}`);
    const refused = answer.requests?.find((r) => r.state === 'INVALID');
    if (refused) throw new CarrierError(CDEK_MESSAGES.refused(errorsOf(refused)), false);
  }

  /** Asks for the labels of an order's packages (PDF, A6); answers the print job's uuid. */
  async printLabel(orderUuid: string): Promise<string> {
    const answer = await this.call<{ entity: { uuid: string } }>('POST', '/print/barcodes', {
      orders: [{ order_uuid: orderUuid }],
      copy_count: 1,
      format: 'A6',
    });
    return answer.entity.uuid;
  }

  /** A print job: its file's address once READY, null while CDEK makes it; refused when INVALID. */
  async printed(printUuid: string): Promise<string | null> {
    const answer = await this.call<{ entity: { url?: string; statuses: { code: string }[] } }>(
      'GET',
      `/print/barcodes/${encodeURIComponent(printUuid)}`,
    );
    const last = answer.entity.statuses.at(-1)?.code;
    if (last === 'INVALID' || last === 'REMOVED') throw new CarrierError(CDEK_MESSAGES.refused('этикетка не сформирована'), false);
    return last === 'READY' && answer.entity.url ? answer.entity.url : null;
  }

  /** The PDF at a print job's address (CDEK serves it to the contract's token). */
  async download(url: string): Promise<Buffer> {
    const res = await this.send('GET', url, undefined, true);
    return Buffer.from(await res.arrayBuffer());
  }

  /** The addresses CDEK reports order statuses to. */
  webhooks(): Promise<{ uuid: string; type: string; url: string }[]> {
    return this.call('GET', '/webhooks');
  }

  /** Subscribes an address to the order statuses. */
  async addWebhook(url: string): Promise<void> {
    await this.call('POST', '/webhooks', { type: 'ORDER_STATUS', url });
  }

  private async call<T>(method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
    const res = await this.send(method, `${this.config.apiUrl}${path}`, body, true);
    try {
      return (await res.json()) as T;
    } catch {
      throw new CarrierError(CDEK_MESSAGES.badAnswer, true);
    }
  }

  /** One call with the token; a token CDEK no longer takes (401) is taken again, once. */
  private async send(method: 'GET' | 'POST' | 'DELETE', url: string, body: unknown, retryOn401: boolean): Promise<Response> {
    const token = await this.currentToken();
    const res = await request(this.config.timeoutMs, url, {
      method,
      headers: { authorization: `Bearer ${token.value}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (res.status === 401 && retryOn401) {
      this.forget(token);
      return this.send(method, url, body, false);
    }
    if (res.status >= 500) throw new CarrierError(CDEK_MESSAGES.unreachable(`HTTP ${res.status}`), true);
    if (res.status >= 400) throw new CarrierError(CDEK_MESSAGES.refused(await errorText(res)), false);
    return res;
  }

  /** The token kept while it lasts; else one taken now, shared by every call that asks meanwhile. */
  private currentToken(): Promise<Token> {
    if (this.current && this.current.until > Date.now()) return Promise.resolve(this.current);
    this.taking ??= this.takeToken()
      .then((t) => (this.current = t))
      .finally(() => (this.taking = null));
    return this.taking;
  }

  /** Drops a token CDEK refused, unless a newer one has been taken already. */
  private forget(token: Token): void {
    if (this.current === token) this.current = null;
  }

  private async takeToken(): Promise<Token> {
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: this.config.clientId,
      client_secret: this.config.clientSecret,
    });
    const res = await request(this.config.timeoutMs, `${this.config.apiUrl}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: form.toString(),
    });
    if (res.status === 400 || res.status === 401) throw new CarrierError(CDEK_MESSAGES.credentials, false);
    if (!res.ok) throw new CarrierError(CDEK_MESSAGES.unreachable(`HTTP ${res.status}`), true);
    const answer = (await res.json().catch(() => ({}))) as { access_token?: string; expires_in?: number };
    if (!answer.access_token || !answer.expires_in) throw new CarrierError(CDEK_MESSAGES.badAnswer, true);
    // Kept until a minute before CDEK says it expires, and at least half its life.
    const life = answer.expires_in * 1000;
    return { value: answer.access_token, until: Date.now() + Math.max(life / 2, life - TOKEN_MARGIN_MS) };
  }
}

/** A fetch under the time limit; no answer is a retriable CarrierError. */
async function request(timeoutMs: number, url: string, init: RequestInit): Promise<Response> {
  try {
    return await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  } catch (err) {
    const why = err instanceof Error && err.name === 'TimeoutError' ? `нет ответа за ${timeoutMs / 1000} с` : 'нет связи';
    throw new CarrierError(CDEK_MESSAGES.unreachable(why), true);
  }
}

const errorsOf = (r?: CdekRequestState) => r?.errors?.map((e) => e.message).join('; ') || 'заказ не принят';

/** CDEK's reasons in an answer it refused: its requests' errors or its own errors list. */
async function errorText(res: Response): Promise<string> {
  try {
    const body = (await res.json()) as { requests?: CdekRequestState[]; errors?: { message: string }[] };
    const messages = [...(body.requests?.flatMap((r) => r.errors ?? []) ?? []), ...(body.errors ?? [])].map((e) => e.message);
    return messages.join('; ') || `HTTP ${res.status}`;
  } catch {
    return `HTTP ${res.status}`;
  }
}
