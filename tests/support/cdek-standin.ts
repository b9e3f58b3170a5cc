// A stand-in for CDEK's REST API v2, for tests: the calls the shop makes (server/carrier/cdek-api.ts), answered
// in CDEK's shapes and refusing what CDEK's OpenAPI says it refuses (docs/delivery.md names each source), on one
// loopback HTTP server; and what CDEK does on its own: it reports order statuses to the subscribed webhooks.
//
//   const cdek = await startCdek({ port: 0 });
//   Object.assign(process.env, cdekEnv(cdek.url));  // before the shop's server starts
//   cdek.report(cdekNumber, 'ACCEPTED_AT_PICK_UP_POINT');  // the parcel moves: webhooks go out
//
// CDEK's endpoints (under /v2):
//   POST /oauth/token          grant_type=client_credentials, client_id, client_secret (query or form) → {access_token,
//                              token_type: 'bearer', expires_in, scope, jti}; else 401 {error, error_description}
//   GET  /location/cities      ?city (the full name), country_codes → [{code, city_uuid, city, country_code, region, …}]
//   POST /calculator/tarifflist {from_location, to_location (code | postal_code | address), packages [{weight grams,
//                              length, width, height cm}]} → {tariff_codes [{tariff_code, tariff_name, delivery_mode,
//                              delivery_sum, period_min, period_max}]}; else 400 {errors}
//   GET  /deliverypoints       ?city_code, type → [{code, name, uuid, type PVZ|POSTAMAT, location {…}, allowed_cod, …}]
//   POST /orders               the order (type 1) → 202 {entity {uuid}, requests [{type CREATE, state ACCEPTED}]}; a
//                              field off the schema → 400 {requests [{state INVALID, errors}]}; checked in full after:
//                              GET shows SUCCESSFUL with a cdek_number, or INVALID (refuseNextOrder)
//   GET  /orders/{uuid}, GET /orders?im_number=…   the order: cdek_number, statuses, delivery_detail; else 400
//   DELETE /orders/{uuid}      withdraws an order not handed in yet (status REMOVED); after that, 400
//   POST /print/barcodes, GET /print/barcodes/{uuid}, GET /print/barcodes/{uuid}.pdf   the label (a real PDF)
//   POST /webhooks, GET /webhooks                   ORDER_STATUS subscriptions (at most 2)
// Every call but the token's needs a Bearer token that has not expired: else 401 (v2_token_expired).
// The tests drive it in their own process (the end-to-end test starts it beside the shop it runs): `orders`,
// `report`, and the failures on purpose.
import { randomUUID } from 'node:crypto';
import http from 'node:http';
import type net from 'node:net';

export const CDEK_TEST_ACCOUNT = { clientId: 'moreimoda-cdek-test', clientSecret: 'cdek-test-secret' } as const;
/** The office in Moscow the shop hands its parcels in at. */
export const SHIPMENT_POINT = 'MSK2287';

/** What the shop's server needs to talk to this stand-in (set before it starts). */
export const cdekEnv = (url: string): Record<string, string> => ({
  CDEK_CLIENT_ID: CDEK_TEST_ACCOUNT.clientId,
  CDEK_CLIENT_SECRET: CDEK_TEST_ACCOUNT.clientSecret,
  CDEK_API_URL: `${url}/v2`,
  CDEK_SENDER_CITY: 'Москва',
  CDEK_SHIPMENT_POINT: SHIPMENT_POINT,
});

interface City {
  code: number;
  city: string;
  region: string;
  latitude: number;
  longitude: number;
}

const CITIES: City[] = [
  { code: 44, city: 'Москва', region: 'Москва', latitude: 55.7558, longitude: 37.6173 },
  { code: 137, city: 'Санкт-Петербург', region: 'Санкт-Петербург', latitude: 59.9386, longitude: 30.3141 },
  { code: 424, city: 'Казань', region: 'Республика Татарстан', latitude: 55.7964, longitude: 49.1088 },
  { code: 270, city: 'Новосибирск', region: 'Новосибирская область', latitude: 55.0302, longitude: 82.9204 },
];

interface Office {
  code: string;
  name: string;
  uuid: string;
  type: 'PVZ' | 'POSTAMAT';
  city_code: number;
  address: string;
  metro: string;
  latitude: number;
  longitude: number;
  allowed_cod: boolean;
  is_dressing_room: boolean;
}

const office = (
  city: number,
  code: string,
  name: string,
  address: string,
  metro: string,
  dx: number,
  dy: number,
  more: Partial<Office> = {},
) => {
  const c = CITIES.find((x) => x.code === city)!;
  return {
    code,
    name,
    uuid: randomUUID(),
    type: 'PVZ' as const,
    city_code: city,
    address,
    metro,
    latitude: c.latitude + dy,
    longitude: c.longitude + dx,
    allowed_cod: true,
    is_dressing_room: true,
    ...more,
  };
};

/** The offices: a few per city, pickup points and a parcel locker, one that takes no cash. */
export const OFFICES: Office[] = [
  office(44, SHIPMENT_POINT, 'На Большой Ордынке', 'ул. Большая Ордынка, 21', 'Третьяковская', 0.01, -0.01),
  office(44, 'MSK510', 'На Тверской', 'ул. Тверская, 12, стр. 1', 'Пушкинская', -0.01, 0.01),
  office(424, 'KZN14', 'На Баумана', 'ул. Баумана, 44/8', 'Кремлёвская', 0.0, 0.0),
  office(424, 'KZN31', 'На Пушкина', 'ул. Пушкина, 17', 'Площадь Тукая', 0.01, -0.005),
  office(424, 'KZN52', 'На проспекте Победы', 'пр. Победы, 141', 'Проспект Победы', 0.06, -0.05, {
    allowed_cod: false,
    is_dressing_room: false,
  }),
  office(424, 'KZN77', 'Постамат в ТЦ «Кольцо»', 'ул. Петербургская, 1', 'Площадь Тукая', 0.005, -0.008, {
    type: 'POSTAMAT',
    allowed_cod: false,
    is_dressing_room: false,
  }),
];

/** The tariffs the stand-in prices: «Посылка» from an office to a door, an office, a locker. */
const TARIFFS = [
  { tariff_code: 137, tariff_name: 'Посылка склад-дверь', delivery_mode: 3, base: 320, days: [2, 4] },
  { tariff_code: 136, tariff_name: 'Посылка склад-склад', delivery_mode: 4, base: 210, days: [2, 3] },
  { tariff_code: 368, tariff_name: 'Посылка склад-постамат', delivery_mode: 7, base: 190, days: [2, 3] },
];

/** VAT rates CDEK takes from 01.01.2026 (null: no VAT): [SPEC MoneyDto]. */
const VAT_RATES = new Set([0, 5, 7, 10, 16, 22]);

type Problem = { code: string; message: string };

export interface CdekOrderHeld {
  uuid: string;
  number: string;
  tariff_code: number;
  cdek_number?: string;
  /** How the full check after the 202 went: ACCEPTED until the next read, then SUCCESSFUL or INVALID. */
  state: 'ACCEPTED' | 'SUCCESSFUL' | 'INVALID';
  errors: Problem[];
  request: Record<string, unknown>;
  statuses: { code: string; name: string; date_time: string; reason_code?: string; city: string }[];
  /** Units handed over of each item (by ware_key), once DELIVERED (fewer than ordered: a partial delivery). */
  delivered?: Record<string, number>;
}

export interface CdekStandIn {
  url: string;
  orders: Map<string, CdekOrderHeld>;
  webhooks: { uuid: string; type: string; url: string }[];
  /** Tokens issued so far. */
  tokens(): number;
  /** The next calls to a path (a prefix under /v2) fail so: no answer for longer than the shop waits, or a 500. */
  failNext(path: string, how: 'timeout' | '500', times?: number): void;
  /** The tokens issued so far expire now (the next call with one is a 401). */
  expireTokens(): void;
  /** The next order's full check fails with this reason (its GET says INVALID). */
  refuseNextOrder(message: string): void;
  /** The next order is taken, but its answer never comes (the shop's time limit runs out). */
  loseNextOrderAnswer(): void;
  /** The parcel of this CDEK number reaches a status; CDEK reports it to every ORDER_STATUS webhook. */
  report(cdekNumber: string, code: string, opts?: { reason?: string; delivered?: Record<string, number> }): Promise<void>;
  /** What each webhook answered (0: no answer; a status other than 200 is CDEK's failure to deliver). */
  webhookAnswers: { url: string; status: number }[];
  close(): Promise<void>;
}

const STATUS_NAMES: Record<string, string> = {
  CREATED: 'Создан',
  RECEIVED_AT_SHIPMENT_WAREHOUSE: 'Принят на склад отправителя',
  SENT_TO_RECIPIENT_CITY: 'Отправлен в г. получатель',
  ACCEPTED_AT_PICK_UP_POINT: 'Принят на склад до востребования',
  TAKEN_BY_COURIER: 'Выдан на доставку',
  DELIVERED: 'Вручен',
  NOT_DELIVERED: 'Не вручен',
};
const STATUS_NUMBERS: Record<string, string> = {
  CREATED: '1',
  RECEIVED_AT_SHIPMENT_WAREHOUSE: '3',
  SENT_TO_RECIPIENT_CITY: '8',
  ACCEPTED_AT_PICK_UP_POINT: '12',
  TAKEN_BY_COURIER: '11',
  DELIVERED: '4',
  NOT_DELIVERED: '5',
};

const stamp = () => new Date().toISOString().replace(/\.\d{3}Z$/, '+0000');
const isInt = (n: unknown, min = 0): n is number => Number.isInteger(n) && (n as number) >= min;
const isMoney = (n: unknown): n is number => typeof n === 'number' && Number.isFinite(n) && n >= 0 && Math.round(n * 100) === n * 100;

/** Holds an order (type 1, from an office) to CDEK's schema: the problems, none when it passes. */
function orderProblems(body: Record<string, unknown>, numbers: Set<string>): Problem[] {
  const p: Problem[] = [];
  const empty = (field: string) => p.push({ code: 'v2_field_is_empty', message: `${field} is empty` });
  const invalid = (field: string, value: unknown) =>
    p.push({ code: 'v2_invalid_format', message: `Invalid value [${String(value)}] in [${field}] parameter` });
  if (body.type !== 1) invalid('type', body.type);
  const number = body.number;
  if (typeof number !== 'string' || !number) empty('number');
  else if (!/^[\x21-\x7e]{1,40}$/.test(number)) invalid('number', number);
  else if (numbers.has(number))
    p.push({ code: 'error_validate_im_dep_number_has_already_had_integration', message: 'Введенный номер отправления ИМ не уникальный' });
  const tariff = TARIFFS.find((t) => t.tariff_code === body.tariff_code);
  if (!tariff) invalid('tariff_code', body.tariff_code);
  if (body.shipment_point !== SHIPMENT_POINT) invalid('shipment_point', body.shipment_point);
  if (body.from_location) p.push({ code: 'v2_shipment_address_multivalued', message: 'shipment_point and from_location are both given' });
  const toOffice = tariff && tariff.delivery_mode !== 3;
  if (toOffice) {
    const point = OFFICES.find((o) => o.code === body.delivery_point);
    if (!point) invalid('delivery_point', body.delivery_point);
    else if ((tariff.delivery_mode === 7) !== (point.type === 'POSTAMAT')) invalid('delivery_point', body.delivery_point);
    if (body.to_location) p.push({ code: 'v2_delivery_address_multivalued', message: 'delivery_point and to_location are both given' });
  } else if (tariff) {
    const to = body.to_location as { code?: unknown; address?: unknown } | undefined;
    if (!to || typeof to.address !== 'string' || !to.address.trim()) empty('to_location.address');
    else if (!CITIES.some((c) => c.code === to.code))
      p.push({ code: 'v2_recipient_location_not_recognized', message: 'Recipient location is not recognized' });
    if (body.delivery_point) p.push({ code: 'v2_delivery_address_multivalued', message: 'delivery_point and to_location are both given' });
  }
  const r = body.recipient as { name?: unknown; phones?: unknown } | undefined;
  if (!r || typeof r.name !== 'string' || !r.name.trim()) empty('recipient.name');
  else if (r.name.includes('/'))
    p.push({ code: 'error_validate_receiver_name_incorrect_symbol', message: 'Имя получателя содержит недопустимый символ' });
  else if (/^\d+$/.test(r.name))
    p.push({ code: 'error_validate_receiver_name_only_digits', message: 'Имя получателя состоит только из цифр' });
  const phones = r?.phones;
  if (!Array.isArray(phones) || !phones.length || phones.length > 10) empty('recipient.phones');
  else
    for (const ph of phones as { number?: unknown }[])
      if (typeof ph.number !== 'string' || !/^\+7\d{10}$/.test(ph.number))
        p.push({ code: 've_receiver_phone_type_incorrect', message: `Некорректный номер телефона ${String(ph.number)}` });
  const cod = body.delivery_recipient_cost as { value?: unknown; vat_rate?: unknown; vat_sum?: unknown } | undefined;
  if (cod !== undefined) moneyProblems(cod, 'delivery_recipient_cost', p);
  const packages = body.packages;
  if (!Array.isArray(packages) || !packages.length || packages.length > 255) {
    empty('packages');
    return p;
  }
  const packageNumbers = new Set<string>();
  let items = 0;
  let collected = 0;
  for (const pkg of packages as Record<string, unknown>[]) {
    if (typeof pkg.number !== 'string' || !pkg.number) empty('packages.number');
    else if (packageNumbers.has(pkg.number))
      p.push({ code: 'error_validate_package_number_not_unique', message: 'Номер упаковки не уникален' });
    else packageNumbers.add(pkg.number);
    if (!isInt(pkg.weight, 1)) invalid('packages.weight', pkg.weight);
    else if ((pkg.weight as number) >= 100 && !(isInt(pkg.length, 1) && isInt(pkg.width, 1) && isInt(pkg.height, 1)))
      empty('packages.length, width, height');
    for (const item of (pkg.items ?? []) as Record<string, unknown>[]) {
      items += 1;
      if (typeof item.name !== 'string' || !item.name.trim() || item.name.length > 255) invalid('items.name', item.name);
      if (typeof item.ware_key !== 'string' || !item.ware_key || item.ware_key.length > 20) invalid('items.ware_key', item.ware_key);
      if (!isInt(item.amount, 1) || (item.amount as number) > 999) invalid('items.amount', item.amount);
      if (!isMoney(item.cost)) invalid('items.cost', item.cost);
      if (!isInt(item.weight, 1)) invalid('items.weight', item.weight);
      const pay = item.payment as { value?: unknown; vat_rate?: unknown; vat_sum?: unknown } | undefined;
      if (!pay) empty('items.payment');
      else {
        moneyProblems(pay, 'items.payment', p);
        if (typeof pay.value === 'number' && pay.value > 0) {
          collected += pay.value * (item.amount as number);
          if (pay.vat_rate === undefined)
            p.push({
              code: 'error_validate_good_vat_rate_is_not_selected',
              message: 'При наличии наложенного платежа за единицу товара НДС обязательна',
            });
        }
      }
    }
  }
  if (items > 126) p.push({ code: 'v2_number_items_is_more_126', message: 'Number of items is more than 126' });
  const point = OFFICES.find((o) => o.code === body.delivery_point);
  if (point && !point.allowed_cod && (collected > 0 || (cod && Number(cod.value) > 0)))
    p.push({ code: 'v2_delivery_point_not_allowed_cod', message: `Пункт ${point.code} не принимает наложенный платёж` });
  return p;
}

/** A sum with its VAT as MoneyDto asks: a rate CDEK takes (or none), and then its VAT sum, right to the kopeck. */
function moneyProblems(m: { value?: unknown; vat_rate?: unknown; vat_sum?: unknown }, field: string, p: Problem[]): void {
  if (!isMoney(m.value)) return void p.push({ code: 'v2_invalid_value_type', message: `Invalid value type in ${field}.value field` });
  if (m.vat_rate === undefined || m.vat_rate === null) {
    if (m.vat_sum !== undefined && m.vat_sum !== 0) p.push({ code: 'v2_invalid_format', message: `${field}.vat_sum without vat_rate` });
    return;
  }
  if (!VAT_RATES.has(m.vat_rate as number))
    return void p.push({ code: 'v2_invalid_format', message: `Invalid value [${String(m.vat_rate)}] in [${field}.vat_rate] parameter` });
  const rate = m.vat_rate as number;
  const due = Math.round(((m.value as number) * rate * 100) / (100 + rate)) / 100;
  if (m.vat_sum !== due)
    p.push({
      code: 'error_validate_good_vat_rate_diff',
      message: `Сумма НДС ${String(m.vat_sum)} не соответствует ставке ${rate}%. Рекомендуется ${due}`,
    });
}

/** A one-page PDF saying the label's CDEK numbers (what a printer takes: a real file, not a stub of bytes). */
function labelPdf(numbers: string[]): Buffer {
  const text = `CDEK ${numbers.join(', ')}`;
  const stream = `BT /F1 18 Tf 20 200 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 298 420] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

export async function startCdek(opts: { port?: number } = {}): Promise<CdekStandIn> {
  const orders = new Map<string, CdekOrderHeld>();
  const tokens = new Map<string, number>();
  const prints = new Map<string, { numbers: string[]; reads: number }>();
  const webhooks: CdekStandIn['webhooks'] = [];
  const failures: { path: string; how: 'timeout' | '500' }[] = [];
  const webhookAnswers: CdekStandIn['webhookAnswers'] = [];
  let refuseNext: string | null = null;
  let loseNext = false;
  let issued = 0;
  let nextNumber = 1_100_000_000;
  let base = '';
  const held = new Set<http.ServerResponse>();

  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' });
    res.end(JSON.stringify(body));
  };
  const invalid = (res: http.ServerResponse, type: string, errors: Problem[]) =>
    json(res, 400, { requests: [{ request_uuid: randomUUID(), type, date_time: stamp(), state: 'INVALID', errors }] });

  /** The order as GET /orders answers it; its full check, done at the first read. */
  const entityOf = (o: CdekOrderHeld) => {
    if (o.state === 'ACCEPTED') {
      if (refuseNext) {
        o.state = 'INVALID';
        o.errors = [{ code: 'v2_entity_invalid', message: refuseNext }];
        refuseNext = null;
      } else {
        o.state = 'SUCCESSFUL';
        o.cdek_number = String(nextNumber++);
        o.statuses.push({ code: 'CREATED', name: STATUS_NAMES.CREATED!, date_time: stamp(), city: 'Москва' });
      }
    }
    const packages = (o.request.packages as { number: string; items?: { ware_key: string; amount: number }[] }[]).map((pkg) => ({
      ...pkg,
      items: (pkg.items ?? []).map((i) => ({ ...i, ...(o.delivered ? { delivery_amount: o.delivered[i.ware_key] ?? 0 } : {}) })),
    }));
    const last = o.statuses.at(-1);
    return {
      entity: {
        uuid: o.uuid,
        type: 1,
        is_return: false,
        is_reverse: false,
        is_client_return: false,
        number: o.number,
        tariff_code: o.tariff_code,
        ...(o.cdek_number ? { cdek_number: o.cdek_number } : {}),
        ...(o.request.delivery_point ? { delivery_point: o.request.delivery_point } : {}),
        recipient: o.request.recipient,
        packages,
        statuses: [...o.statuses].reverse(),
        ...(last?.code === 'DELIVERED' ? { delivery_detail: { date: last.date_time.slice(0, 10), delivery_sum: 0, total_sum: 0 } } : {}),
      },
      requests: [
        {
          request_uuid: randomUUID(),
          type: 'CREATE',
          date_time: stamp(),
          state: o.state,
          ...(o.errors.length ? { errors: o.errors } : {}),
        },
      ],
    };
  };

  const body = async (req: http.IncomingMessage): Promise<string> => {
    let text = '';
    for await (const chunk of req) text += chunk;
    return text;
  };

  const server = http.createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://cdek');
    const path = url.pathname;
    try {
      if (!path.startsWith('/v2/')) return json(res, 404, { errors: [{ code: 'v2_bad_request', message: 'Not found' }] });
      const failing = failures.findIndex((f) => path.startsWith(`/v2${f.path}`));
      if (failing >= 0) {
        const [f] = failures.splice(failing, 1);
        if (f!.how === '500')
          return json(res, 500, { requests: [{ state: 'INVALID', errors: [{ code: 'v2_internal_error', message: 'Internal error' }] }] });
        held.add(res); // no answer: the shop's time limit runs out
        return;
      }

      if (path === '/v2/oauth/token') {
        if (req.method !== 'POST')
          return json(res, 401, { error: 'unauthorized', error_description: 'Full authentication is required to access this resource' });
        const form = new URLSearchParams((req.headers['content-type'] ?? '').includes('form') ? await body(req) : '');
        const param = (k: string) => url.searchParams.get(k) ?? form.get(k);
        if (param('grant_type') !== 'client_credentials')
          return json(res, 400, { error: 'unsupported_grant_type', error_description: 'Unsupported grant type' });
        if (param('client_id') !== CDEK_TEST_ACCOUNT.clientId || param('client_secret') !== CDEK_TEST_ACCOUNT.clientSecret)
          return json(res, 401, { error: 'invalid_client', error_description: 'Bad client credentials' });
        const token = randomUUID();
        tokens.set(token, Date.now() + 3600_000);
        issued += 1;
        return json(res, 200, {
          access_token: token,
          token_type: 'bearer',
          expires_in: 3600,
          scope: 'location:all order:all payment:all',
          jti: randomUUID(),
        });
      }

      const bearer = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
      const until = bearer ? tokens.get(bearer) : undefined;
      if (until === undefined)
        return json(res, 401, {
          requests: [
            {
              type: 'AUTH',
              state: 'INVALID',
              errors: [{ code: 'unauthorized', message: 'Full authentication is required to access this resource' }],
            },
          ],
        });
      if (until <= Date.now())
        return json(res, 401, {
          requests: [
            { type: 'AUTH', state: 'INVALID', errors: [{ code: 'v2_token_expired', message: `Access token is expired: ${bearer}` }] },
          ],
        });

      if (path === '/v2/location/cities' && req.method === 'GET') {
        const name = (url.searchParams.get('city') ?? '').toLowerCase();
        const found = CITIES.filter((c) => c.city.toLowerCase() === name);
        return json(
          res,
          200,
          found.map((c) => ({
            code: c.code,
            city_uuid: randomUUID(),
            city: c.city,
            country_code: 'RU',
            country: 'Россия',
            region: c.region,
            payment_limit: -1,
            latitude: c.latitude,
            longitude: c.longitude,
          })),
        );
      }
      if (path === '/v2/calculator/tarifflist' && req.method === 'POST') {
        const b = JSON.parse(await body(req)) as {
          from_location?: { code?: number };
          to_location?: { code?: number };
          packages?: { weight?: unknown }[];
        };
        const errors: Problem[] = [];
        for (const side of ['from_location', 'to_location'] as const) {
          const loc = b[side];
          if (!loc) errors.push({ code: 'v2_field_is_empty', message: `${side} is empty` });
          else if (!CITIES.some((c) => c.code === loc.code))
            errors.push({ code: 'v2_sender_location_not_recognized', message: `${side} is not recognized` });
        }
        if (!Array.isArray(b.packages) || !b.packages.length || b.packages.some((p) => !isInt(p.weight, 1)))
          errors.push({ code: 'v2_invalid_value_type', message: 'Invalid value type in packages.weight field' });
        if (errors.length) return json(res, 400, { errors, warnings: [] });
        const kg = Math.ceil(b.packages!.reduce((s, p) => s + (p.weight as number), 0) / 1000);
        const far = b.to_location!.code === 44 ? 0 : 1;
        return json(res, 200, {
          tariff_codes: TARIFFS.map((t) => ({
            tariff_code: t.tariff_code,
            tariff_name: t.tariff_name,
            tariff_description: '',
            delivery_mode: t.delivery_mode,
            delivery_sum: t.base + 40 * kg + 150 * far + 0.5,
            period_min: t.days[0]! + far,
            period_max: t.days[1]! + far,
          })),
          errors: [],
          warnings: [],
        });
      }
      if (path === '/v2/deliverypoints' && req.method === 'GET') {
        const city = Number(url.searchParams.get('city_code'));
        const type = url.searchParams.get('type') ?? 'ALL';
        const list = OFFICES.filter((o) => o.city_code === city && (type === 'ALL' || o.type === type));
        return json(
          res,
          200,
          list.map((o) => {
            const c = CITIES.find((x) => x.code === o.city_code)!;
            return {
              code: o.code,
              name: o.name,
              uuid: o.uuid,
              work_time: 'Пн-Пт 10:00-21:00, Сб-Вс 10:00-18:00',
              phones: [{ number: '+78002501405' }],
              type: o.type,
              owner_code: 'CDEK',
              take_only: false,
              is_handout: true,
              is_reception: true,
              is_dressing_room: o.is_dressing_room,
              have_cashless: true,
              have_cash: o.allowed_cod,
              have_fast_payment_system: true,
              allowed_cod: o.allowed_cod,
              nearest_metro_station: o.metro,
              location: {
                country_code: 'RU',
                region_code: 1,
                region: c.region,
                city_code: c.code,
                city: c.city,
                longitude: o.longitude,
                latitude: o.latitude,
                address: o.address,
                address_full: `${c.city}, ${o.address}`,
              },
            };
          }),
        );
      }
      if (path === '/v2/orders' && req.method === 'POST') {
        const b = JSON.parse(await body(req)) as Record<string, unknown>;
        const problems = orderProblems(b, new Set([...orders.values()].filter((o) => o.state !== 'INVALID').map((o) => o.number)));
        if (problems.length) return invalid(res, 'CREATE', problems);
        const uuid = randomUUID();
        orders.set(uuid, {
          uuid,
          number: b.number as string,
          tariff_code: b.tariff_code as number,
          state: 'ACCEPTED',
          errors: [],
          request: b,
          statuses: [],
        });
        if (loseNext) {
          loseNext = false;
          held.add(res);
          return;
        }
        return json(res, 202, {
          entity: { uuid },
          requests: [{ request_uuid: randomUUID(), type: 'CREATE', date_time: stamp(), state: 'ACCEPTED' }],
        });
      }
      if (path === '/v2/orders' && req.method === 'GET') {
        const number = url.searchParams.get('im_number');
        const found = [...orders.values()].find((o) => o.number === number && o.state !== 'INVALID');
        if (!found)
          return invalid(res, 'GET', [{ code: 'v2_entity_not_found_im_number', message: `Entity is not found by im_number ${number}` }]);
        return json(res, 200, entityOf(found));
      }
      const orderPath = /^\/v2\/orders\/([0-9a-f-]{36})$/.exec(path);
      if (orderPath && req.method === 'DELETE') {
        const o = orders.get(orderPath[1]!);
        if (!o) return invalid(res, 'DELETE', [{ code: 'v2_entity_not_found', message: `Entity is not found by uuid ${orderPath[1]}` }]);
        // CDEK deletes an order only in status «Создан» (not handed in yet): [SPEC] error_validate_order_delete_status.
        const last = o.statuses.at(-1)?.code;
        if (last !== undefined && last !== 'CREATED')
          return invalid(res, 'DELETE', [
            { code: 'error_validate_order_delete_status', message: 'Удаление заказа невозможно: заказ уже принят СДЭК' },
          ]);
        o.statuses.push({ code: 'REMOVED', name: 'Удален', date_time: stamp(), city: 'Москва' });
        return json(res, 202, {
          entity: { uuid: o.uuid },
          requests: [{ request_uuid: randomUUID(), type: 'DELETE', date_time: stamp(), state: 'ACCEPTED' }],
        });
      }
      if (orderPath && req.method === 'GET') {
        const o = orders.get(orderPath[1]!);
        if (!o) return invalid(res, 'GET', [{ code: 'v2_entity_not_found', message: `Entity is not found by uuid ${orderPath[1]}` }]);
        return json(res, 200, entityOf(o));
      }
      if (path === '/v2/print/barcodes' && req.method === 'POST') {
        const b = JSON.parse(await body(req)) as { orders?: { order_uuid?: string }[]; format?: string };
        const list = (b.orders ?? []).map((o) => orders.get(o.order_uuid ?? ''));
        if (!list.length || list.some((o) => !o))
          return invalid(res, 'CREATE', [{ code: 'orders_number_is_empty', message: 'Entity is empty. All orders are incorrect' }]);
        if (list.some((o) => !o!.cdek_number))
          return invalid(res, 'CREATE', [{ code: 'v2_entity_not_ready', message: 'Orders have no cdek_number yet' }]);
        if (b.format !== undefined && !['A4', 'A5', 'A6', 'A7'].includes(b.format))
          return invalid(res, 'CREATE', [{ code: 'v2_invalid_format', message: `Invalid value [${b.format}] in [format] parameter` }]);
        const uuid = randomUUID();
        prints.set(uuid, { numbers: list.map((o) => o!.cdek_number!), reads: 0 });
        return json(res, 202, {
          entity: { uuid },
          requests: [{ request_uuid: randomUUID(), type: 'CREATE', date_time: stamp(), state: 'ACCEPTED' }],
        });
      }
      const printPath = /^\/v2\/print\/barcodes\/([0-9a-f-]{36})(\.pdf)?$/.exec(path);
      if (printPath && req.method === 'GET') {
        const job = prints.get(printPath[1]!);
        if (!job) return invalid(res, 'GET', [{ code: 'v2_entity_not_found', message: `Entity is not found by uuid ${printPath[1]}` }]);
        if (printPath[2]) {
          res.writeHead(200, { 'content-type': 'application/pdf' });
          return res.end(labelPdf(job.numbers));
        }
        job.reads += 1; // made by the second read: the shop waits for it
        const ready = job.reads > 1;
        return json(res, 200, {
          entity: {
            uuid: printPath[1],
            copy_count: 1,
            format: 'A6',
            ...(ready ? { url: `${base}/v2/print/barcodes/${printPath[1]}.pdf` } : {}),
            statuses: [
              { code: 'ACCEPTED', name: 'Принят', date_time: stamp() },
              ...(ready ? [{ code: 'READY', name: 'Сформирован', date_time: stamp() }] : []),
            ],
          },
          requests: [],
          related_entities: [],
        });
      }
      if (path === '/v2/webhooks' && req.method === 'GET') return json(res, 200, webhooks);
      if (path === '/v2/webhooks' && req.method === 'POST') {
        const b = JSON.parse(await body(req)) as { type?: string; url?: string };
        if (b.type !== 'ORDER_STATUS')
          return invalid(res, 'CREATE', [{ code: 'v2_webhook_type_incorrect', message: 'Incorrect webhook type' }]);
        if (typeof b.url !== 'string' || !/^https?:\/\//.test(b.url))
          return invalid(res, 'CREATE', [{ code: 'v2_field_is_empty', message: 'url is empty' }]);
        if (webhooks.length >= 2) return invalid(res, 'CREATE', [{ code: 'v2_webhook_limit', message: 'No more than 2 subscriptions' }]);
        const uuid = randomUUID();
        webhooks.push({ uuid, type: b.type, url: b.url });
        return json(res, 200, {
          entity: { uuid },
          requests: [{ request_uuid: randomUUID(), type: 'CREATE', date_time: stamp(), state: 'SUCCESSFUL' }],
        });
      }
      return invalid(res, 'GET', [{ code: 'v2_bad_request', message: `No method ${req.method} ${path}` }]);
    } catch {
      return json(res, 400, { errors: [{ code: 'v2_bad_request', message: 'Malformed JSON' }] });
    }
  });

  const sockets = new Set<net.Socket>();
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(opts.port ?? 0, '127.0.0.1', resolve));
  const address = server.address() as net.AddressInfo;
  base = `http://127.0.0.1:${address.port}`;

  const standIn: CdekStandIn = {
    url: base,
    orders,
    webhooks,
    webhookAnswers,
    tokens: () => issued,
    failNext(path, how, times = 1) {
      for (let i = 0; i < times; i++) failures.push({ path, how });
    },
    expireTokens() {
      for (const k of tokens.keys()) tokens.set(k, Date.now() - 1);
    },
    refuseNextOrder(message) {
      refuseNext = message;
    },
    loseNextOrderAnswer() {
      loseNext = true;
    },
    async report(cdekNumber, code, o = {}) {
      const order = [...orders.values()].find((x) => x.cdek_number === cdekNumber);
      if (!order) throw new Error(`the stand-in CDEK has no order ${cdekNumber}`);
      if (!STATUS_NAMES[code]) throw new Error(`the stand-in CDEK does not report ${code}`);
      const city = code === 'RECEIVED_AT_SHIPMENT_WAREHOUSE' ? 'Москва' : 'Казань';
      const date_time = stamp();
      order.statuses.push({ code, name: STATUS_NAMES[code]!, date_time, city, ...(o.reason ? { reason_code: o.reason } : {}) });
      if (code === 'DELIVERED') {
        const items = (order.request.packages as { items?: { ware_key: string; amount: number }[] }[]).flatMap((p) => p.items ?? []);
        order.delivered = o.delivered ?? Object.fromEntries(items.map((i) => [i.ware_key, i.amount]));
      }
      for (const hook of webhooks) {
        const res = await fetch(hook.url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({
            type: 'ORDER_STATUS',
            date_time,
            uuid: order.uuid,
            attributes: {
              is_return: false,
              is_reverse: false,
              is_client_return: false,
              cdek_number: order.cdek_number,
              number: order.number,
              code,
              status_code: STATUS_NUMBERS[code],
              ...(o.reason ? { status_reason_code: o.reason } : {}),
              status_date_time: date_time,
              city_name: city,
              city_code: city === 'Москва' ? '44' : '424',
              deleted: false,
              related_entities: [],
            },
          }),
        }).catch(() => null);
        webhookAnswers.push({ url: hook.url, status: res?.status ?? 0 });
        await res?.arrayBuffer();
      }
    },
    async close() {
      for (const r of held) r.destroy();
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  return standIn;
}
