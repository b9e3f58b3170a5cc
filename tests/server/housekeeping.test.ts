// Housekeeping on every backend: an unpaid order older than its limit is cancelled once (status history,
// stock back, promo use released, bonus points and gift card money given back, its pending payment lapsed,
// no payment possible afterwards) while paid and recent orders stay; and the cleanups drop only rows past
// their time: visitor carts idle for 90 days (a changed one stays), old rate-limit hits, spent password
// reset links, long-revoked tokens, old Idempotency-Key answers.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CANCEL_COMMENT, KEEP, expireUnpaidOrders, runHousekeeping } from '../../server/background/housekeeping.ts';
import { LONGEST_WINDOW_S } from '../../server/http/rate-limit.ts';
import { backends, startApp } from './harness.ts';
import { BUYER, city, createUser, freshVariant, shopper, stockOf, type Shopper, visitorKey } from './shop-helpers.ts';

describe.each(backends)('housekeeping on $name', (backend) => {
  let app: FastifyInstance;
  let moscow: { city_id: number; region_id: number };
  beforeAll(async () => {
    app = await startApp(backend);
    moscow = await city(app, 'Москва');
  });
  afterAll(() => app?.close());

  async function placed(s: Shopper, price: number, quantity: number, extra: object = {}) {
    const v = await freshVariant(app, 10);
    await app.db.query('update products set price = $2, old_price = null, active = true where id = $1', [v.product_id, price]);
    await s.call('POST', '/api/v2/cart/', { ext_id: v.ext_id, quantity });
    const res = await s.call('POST', '/api/v2/order/', {
      buyer: BUYER,
      region_id: moscow.region_id,
      city_id: moscow.city_id,
      delivery_method: 'pickup',
      ...extra,
    });
    expect(res.status).toBe(200);
    return { ...(res.body as { guid: string; total: number }), ext_id: v.ext_id };
  }
  const orderRow = async (guid: string) =>
    (
      await app.db.query<{ id: number; status: string; payment_status: string }>(
        'select id, status, payment_status from orders where guid = $1',
        [guid],
      )
    )[0];
  const historyOf = async (guid: string) =>
    app.db.query<{ status: string; comment: string }>(
      'select h.status, h.comment from order_status_history h join orders o on o.id = h.order_id where o.guid = $1 order by h.id',
      [guid],
    );
  const age = (guid: string, days: number) =>
    app.db.query(`update orders set created_at = now() - make_interval(days => $2) where guid = $1`, [guid, days]);
  const promoUses = async () => (await app.db.query<{ n: number }>(`select used_count as n from promo_codes where code = 'LETO10'`))[0].n;
  const cardBalance = async (code: string) =>
    (await app.db.query<{ balance: number }>('select balance from gift_cards where code = $1', [code]))[0].balance;

  it('cancels an unpaid order past its time once, giving back what it took; paid and recent orders stay', async () => {
    expect(KEEP.unpaidOrderDays).toBe(3);
    const user = await createUser(app);
    await app.db.query(
      `insert into bonus_ledger (user_id, kind, amount, expires_at) values ($1, 'accrual', 1000, now() + interval '30 days')`,
      [user.id],
    );
    const buyer = shopper(app, user.token);
    await app.db.query(
      `insert into gift_cards (code, initial, balance, expires_at) values ('HK-500', 500, 500, now() + interval '1 year')`,
    );
    const usesBefore = await promoUses();

    // 2 × 5000 goods: LETO10 takes 1000, points up to 30% of the rest, 500 from the card, the rest unpaid.
    const stale = await placed(buyer, 5000, 2, { promo_code: 'LETO10', bonus: 800, gift_card: 'HK-500' });
    expect(await stockOf(app, stale.ext_id)).toBe(8);
    expect(await promoUses()).toBe(usesBefore + 1);
    expect(await cardBalance('HK-500')).toBe(0);
    expect((await buyer.call('GET', '/api/v1/bonus/')).body.balance).toBe(200);
    const payment = await buyer.call('POST', '/api/v1/order_payment/', { guid: stale.guid });
    expect(payment.status).toBe(200);

    const recent = await placed(shopper(app), 2000, 1);
    const paid = await placed(shopper(app), 3000, 1);
    await app.db.query(`update orders set payment_status = 'paid', status = 'paid', paid_at = now() where guid = $1`, [paid.guid]);
    await age(stale.guid, 4);
    await age(paid.guid, 10);
    await age(recent.guid, 2);

    expect(await expireUnpaidOrders(app.db)).toBe(1);
    expect(await orderRow(stale.guid)).toMatchObject({ status: 'cancelled', payment_status: 'unpaid' });
    const history = await historyOf(stale.guid);
    expect(history.map((h) => h.status)).toEqual(['new', 'cancelled']);
    expect(history[1].comment).toBe(`${CANCEL_COMMENT}; возвращено бонусов: 800; возвращено на подарочную карту: 500 ₽`);
    expect(await stockOf(app, stale.ext_id)).toBe(10);
    expect(await promoUses()).toBe(usesBefore);
    expect(await cardBalance('HK-500')).toBe(500);
    expect((await buyer.call('GET', '/api/v1/bonus/')).body.balance).toBe(1000);
    // The payment started before lapses, and a cancelled order cannot be paid any more.
    const [pay] = await app.db.query<{ status: string }>(`select status from payments where order_id = $1`, [
      (await orderRow(stale.guid)).id,
    ]);
    expect(pay.status).toBe('failed');
    const again = await buyer.call('POST', '/api/v1/order_payment/', { guid: stale.guid });
    expect(again.status).toBe(409);
    expect(again.body).toEqual({ message: 'Заказ отменён: он не был оплачен вовремя' });
    expect(
      (
        await buyer.call(
          'POST',
          '/api/v1/giftcardpayment/',
          { guid: stale.guid, code: 'HK-500' },
          { 'idempotency-key': 'hk-00000000-0001' },
        )
      ).status,
    ).toBe(409);
    // The order page shows the cancellation.
    const info = await buyer.call('POST', '/api/v1/get_order_info/', { guid: stale.guid });
    expect(info.body).toMatchObject({ order_info: { status: 'cancelled', history: [{ status: 'new' }, { status: 'cancelled' }] } });

    // The others stay as they were.
    expect(await orderRow(recent.guid)).toMatchObject({ status: 'new', payment_status: 'unpaid' });
    expect(await orderRow(paid.guid)).toMatchObject({ status: 'paid' });
    expect(await stockOf(app, recent.ext_id)).toBe(9);

    // A second run gives nothing back twice.
    expect(await expireUnpaidOrders(app.db)).toBe(0);
    expect(await stockOf(app, stale.ext_id)).toBe(10);
    expect(await cardBalance('HK-500')).toBe(500);
    expect((await historyOf(stale.guid)).length).toBe(2);
  });

  it('drops only the rows past their time', async () => {
    const ago = (s: string) => `now() - interval '${s}'`;
    // Visitor carts: idle 91 days (dropped), 89 days (kept), a signed-in shopper's idle one (kept), and one
    // idle for 91 days that the visitor has just changed (kept).
    const idle = shopper(app);
    await idle.call('POST', '/api/v2/cart/', { ext_id: (await freshVariant(app, 5)).ext_id, quantity: 1 });
    const recentCart = shopper(app);
    await recentCart.call('POST', '/api/v2/cart/', { ext_id: (await freshVariant(app, 5)).ext_id, quantity: 1 });
    const changed = shopper(app);
    const line = (await changed.call('POST', '/api/v2/cart/', { ext_id: (await freshVariant(app, 5)).ext_id, quantity: 1 })).body.cart[0];
    const user = await createUser(app);
    const signed = shopper(app, user.token);
    await signed.call('POST', '/api/v2/cart/', { ext_id: (await freshVariant(app, 5)).ext_id, quantity: 1 });
    const setAge = (s: Shopper, interval: string) =>
      app.db.query(`update carts set updated_at = ${ago(interval)} where visitor_key = $1 or user_id = $2`, [
        visitorKey(s),
        s === signed ? user.id : -1,
      ]);
    await setAge(idle, '91 days');
    await setAge(recentCart, '89 days');
    await setAge(changed, '91 days');
    await setAge(signed, '400 days');
    expect((await changed.call('PUT', `/api/v2/cart/${line.item_uuid}/`, { quantity: 2, item_uuid: line.item_uuid })).status).toBe(200);

    await app.db.query(
      `insert into rate_limit_hits (bucket, hit_at) values ('hk:old', now() - make_interval(secs => $1)), ('hk:new', now())`,
      [LONGEST_WINDOW_S + 60],
    );
    await app.db.query(
      `insert into password_reset_tokens (token, user_id, expires_at, used_at) values
        ('hk-expired-long', $1, ${ago('2 days')}, null),
        ('hk-expired-just', $1, ${ago('1 hour')}, null),
        ('hk-used-long', $1, now() + interval '1 hour', ${ago('25 hours')}),
        ('hk-used-just', $1, now() + interval '1 hour', ${ago('1 hour')}),
        ('hk-live', $1, now() + interval '1 hour', null)`,
      [user.id],
    );
    await app.db.query(
      `insert into auth_tokens (key, user_id, created_at, revoked_at) values
        ('hk-revoked-long', $1, ${ago('90 days')}, ${ago('31 days')}),
        ('hk-revoked-just', $1, ${ago('90 days')}, ${ago('29 days')}),
        ('hk-old-live', $1, ${ago('400 days')}, null)`,
      [user.id],
    );
    await app.db.query(
      `insert into idempotency_keys (scope, key, method, path, status_code, response, created_at) values
        ('visitor:hk', 'old', 'POST', '/api/v2/cart/', 200, '{}', ${ago('31 days')}),
        ('visitor:hk', 'new', 'POST', '/api/v2/cart/', 200, '{}', ${ago('29 days')})`,
    );

    const done = await runHousekeeping(app.db);
    expect(done).toMatchObject({ visitorCarts: 1, rateLimitHits: 1, resetTokens: 2, revokedTokens: 1, answers: 1 });

    expect((await idle.call('GET', '/api/v2/cart/')).body.cart).toEqual([]);
    expect((await recentCart.call('GET', '/api/v2/cart/')).body.cart).toHaveLength(1);
    expect((await changed.call('GET', '/api/v2/cart/')).body.cart).toMatchObject([{ quantity: 2 }]);
    expect((await signed.call('GET', '/api/v2/cart/')).body.cart).toHaveLength(1);
    const names = async (sql: string) => (await app.db.query<{ k: string }>(sql)).map((r) => r.k).sort();
    expect(await names(`select bucket as k from rate_limit_hits where bucket like 'hk:%'`)).toEqual(['hk:new']);
    expect(await names(`select token as k from password_reset_tokens where token like 'hk-%'`)).toEqual([
      'hk-expired-just',
      'hk-live',
      'hk-used-just',
    ]);
    expect(await names(`select key as k from auth_tokens where key like 'hk-%'`)).toEqual(['hk-old-live', 'hk-revoked-just']);
    expect(await names(`select key as k from idempotency_keys where scope = 'visitor:hk'`)).toEqual(['new']);
  });
});
