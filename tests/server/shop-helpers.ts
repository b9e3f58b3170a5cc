// Helpers of the shop's server tests: a shopper that keeps its cookies between calls (a visitor, or a user
// made directly in SQL with a token, no password and no scrypt time; account-helpers.ts registers one through
// the API), variants picked and stocked for a test, the Russian buyer data of a checkout, and an order placed
// through the API.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';

export interface Call {
  status: number;
  body: any; // what the contract says; each test reads its fields
  headers: LightMyRequestResponse['headers'];
  raw: LightMyRequestResponse;
}

export interface Shopper {
  cookies: Map<string, string>;
  token?: string;
  call(method: InjectOptions['method'], url: string, payload?: unknown, headers?: Record<string, string>): Promise<Call>;
}

/**
 * A shopper at an address of its own (as X-Forwarded-For from the loopback proxy, which the server believes):
 * the per-address limits of one test's shoppers do not add up. A call's own headers may name another.
 */
let shoppers = 0;

export function shopper(app: FastifyInstance, token?: string): Shopper {
  const cookies = new Map<string, string>();
  const n = ++shoppers; // one address each (198.18.0.0/15 holds 131 072), never two shoppers sharing one by chance
  const address = `198.${18 + (n >> 16)}.${(n >> 8) & 255}.${n & 255}`;
  return {
    cookies,
    token,
    async call(method, url, payload, headers = {}) {
      const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const res = await app.inject({
        method,
        url,
        headers: {
          'x-forwarded-for': address,
          ...(cookie ? { cookie } : {}),
          ...(token ? { authorization: `Token ${token}` } : {}),
          ...headers,
        },
        ...(payload === undefined ? {} : { payload: payload as object }),
      });
      for (const c of res.cookies) cookies.set(c.name, c.value);
      let body: unknown = res.body;
      try {
        body = res.json();
      } catch {
        // not JSON (the payment page, a redirect)
      }
      return { status: res.statusCode, body, headers: res.headers, raw: res };
    },
  };
}

/** The visitor key of a shopper's `basket` cookie (the part before the shop's signature), or '' without one. */
export const visitorKey = (s: Shopper): string => s.cookies.get('basket')?.split('.')[0] ?? '';

export interface TestUser {
  id: number;
  token: string;
}

/** A user with a token, straight into the tables (fast: no password; registerUser makes one through the API). */
export async function createUser(
  app: FastifyInstance,
  u: { email?: string | null; phone?: string | null; first_name?: string; last_name?: string; second_name?: string } = {},
): Promise<TestUser> {
  const n = randomBytes(4).toString('hex');
  const [row] = await app.db.query<{ id: number }>(
    `insert into users (email, phone, first_name, last_name, second_name) values ($1, $2, $3, $4, $5) returning id`,
    [
      u.email === undefined ? `buyer-${n}@example.ru` : u.email,
      u.phone === undefined ? `79${String(parseInt(n, 16) % 1e9).padStart(9, '0')}` : u.phone,
      u.first_name ?? 'Анна',
      u.last_name ?? 'Смирнова',
      u.second_name ?? 'Петровна',
    ],
  );
  const token = randomBytes(20).toString('hex');
  await app.db.query('insert into auth_tokens (key, user_id) values ($1, $2)', [token, row.id]);
  return { id: row.id, token };
}

/**
 * How many variants of each kind were picked on each app's database. Per app, not per process: the server
 * files share a worker's modules (isolate: false), and a counter for the whole worker ran past the seed's
 * products once enough files had run in one worker (the whole suite on one worker failed so).
 */
const pickedOn = new WeakMap<FastifyInstance, Record<'size' | 'top' | 'bottom', number>>();

/**
 * The first variant of an active product no other call has picked on this app's database (one product per
 * call, so a price set for one test's variant is no other's), with its stock set to the given number.
 */
export async function freshVariant(app: FastifyInstance, stock: number, kind: 'size' | 'top' | 'bottom' = 'size') {
  const picked = pickedOn.get(app) ?? { size: 0, top: 0, bottom: 0 };
  pickedOn.set(app, picked);
  const [v] = await app.db.query<{
    id: number;
    ext_id: string;
    price: number;
    name: string;
    size: string;
    color: string;
    product_id: number;
  }>(
    `select v.id, v.ext_id, p.price, p.name, v.size, co.name as color, p.id as product_id
       from products p
       join lateral (select * from product_variants x where x.product_id = p.id and x.kind = $1 order by x.position limit 1) v on true
       join colors co on co.id = v.color_id
      where p.active order by p.id offset $2 limit 1`,
    [kind, picked[kind]++],
  );
  if (!v) throw new Error(`no active product is left for freshVariant after ${picked[kind] - 1} picks of ${kind} on this database`);
  await setStock(app, v.ext_id, stock);
  return v;
}

export async function setStock(app: FastifyInstance, extId: string, stock: number): Promise<void> {
  await app.db.query('update product_variants set stock = $2 where ext_id = $1', [extId, stock]);
}

export async function stockOf(app: FastifyInstance, extId: string): Promise<number> {
  const [row] = await app.db.query<{ stock: number }>('select stock from product_variants where ext_id = $1', [extId]);
  return row.stock;
}

export async function city(app: FastifyInstance, name: string): Promise<{ city_id: number; region_id: number }> {
  const [row] = await app.db.query<{ city_id: number; region_id: number }>('select id as city_id, region_id from cities where name = $1', [
    name,
  ]);
  return row;
}

export const BUYER = { fio: 'Иванова Анна Сергеевна', email: 'anna@example.ru', phone: '+7(925)-123-45-67' };

/** The content type of a form the shop's own pages post (the payment page, the pages of mailed links). */
export const FORM = { 'content-type': 'application/x-www-form-urlencoded' } as const;

export const key = () => `test-${randomBytes(8).toString('hex')}`;

/**
 * Fresh products at these prices (one variant each, `quantity` of it, 10 in stock) in a basket: this shopper's,
 * or a new visitor's. Answers the shopper and the ext_ids, in order.
 */
export async function basketOf(app: FastifyInstance, prices: readonly number[], quantity = 1, s: Shopper = shopper(app)) {
  const exts: string[] = [];
  for (const price of prices) {
    const v = await freshVariant(app, 10);
    await app.db.query('update products set price = $2, old_price = null, active = true where id = $1', [v.product_id, price]);
    await s.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity });
    exts.push(v.ext_id);
  }
  return { s, exts };
}

/** What placing an order answers, with the ext_id of the product it was placed for. */
export interface PlacedOrder {
  guid: string;
  number: string;
  total: number;
  due: number;
  ext_id: string;
}

/**
 * An order of a fresh product at this price (quantity 1 unless said), picked up in Moscow (zone 1: pickup
 * 250 ₽, free from 5000 ₽), placed through the API by this shopper; extra goes into the order's body
 * (a promo code, bonus points, a gift card).
 */
export async function placePickupOrder(
  app: FastifyInstance,
  s: Shopper,
  price: number,
  { quantity = 1, ...extra }: { quantity?: number } & Record<string, unknown> = {},
): Promise<PlacedOrder> {
  const {
    exts: [ext],
  } = await basketOf(app, [price], quantity, s);
  const res = await s.call('POST', '/api/v2/order/', { buyer: BUYER, ...(await city(app, 'Москва')), delivery_method: 'pickup', ...extra });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return { ...(res.body as Omit<PlacedOrder, 'ext_id'>), ext_id: ext! };
}
