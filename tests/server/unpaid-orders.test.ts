// Stock nobody can hoard, on every backend: a shopper (visitor or account) and an address may hold only so
// many unpaid orders at once, also when the orders arrive together; an unpaid order holds its goods until
// its deadline (UNPAID_HOLD_MINUTES), which the order page and the confirmation mail say; the buyer is
// reminded once shortly before it; after it the order is cancelled once, giving back everything it took,
// while paid orders and orders still in time stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { CANCEL_COMMENT, expireUnpaidOrders, remindUnpaidOrders } from '../../server/background/unpaid-orders.ts';
import { UNPAID_MESSAGES } from '../../server/orders/unpaid-holds.ts';
import { backends, startApp } from './harness.ts';
import { BUYER, FORM, city, createUser, freshVariant, key, placePickupOrder, shopper, stockOf, type Shopper } from './shop-helpers.ts';

describe.each(backends)('unpaid orders on $name', (backend) => {
  let app: FastifyInstance;
  let moscow: { city_id: number; region_id: number };
  beforeAll(async () => {
    app = await startApp(backend, { UNPAID_HOLD_MINUTES: '45', UNPAID_ORDERS_PER_SHOPPER: '3', UNPAID_ORDERS_PER_ADDRESS: '5' });
    moscow = await city(app, 'Москва');
  });
  afterAll(() => app?.close());

  const order = (s: Shopper, extra: object = {}, headers: Record<string, string> = {}) =>
    s.call('POST', '/api/v1/order/', { buyer: BUYER, ...moscow, delivery_method: 'pickup', ...extra }, headers);
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
  /** Moves the order's deadline to `minutes` from now (negative: past). */
  const deadlineIn = (guid: string, minutes: number) =>
    app.db.query(`update orders set hold_until = now() + make_interval(mins => $2) where guid = $1`, [guid, minutes]);
  const promoUses = async () => (await app.db.query<{ n: number }>(`select used_count as n from promo_codes where code = 'LETO10'`))[0].n;
  const cardBalance = async (code: string) =>
    (await app.db.query<{ balance: number }>('select balance from gift_cards where code = $1', [code]))[0].balance;

  it('7 orders at once from one visitor: exactly the allowed unpaid ones are placed, the rest take no stock', async () => {
    const v = await freshVariant(app, 50);
    const s = shopper(app);
    await s.call('GET', '/api/v2/cart/'); // the visitor's cookie first, so all seven are one visitor
    const calls = await Promise.all(Array.from({ length: 7 }, () => order(s, { items: [{ ext_id: v.ext_id, quantity: 2 }] })));
    expect(calls.filter((c) => c.status === 200)).toHaveLength(3);
    const refused = calls.filter((c) => c.status === 409);
    expect(refused).toHaveLength(4);
    expect(refused[0].body).toEqual({ message: UNPAID_MESSAGES.tooMany(3) });
    expect(await stockOf(app, v.ext_id)).toBe(50 - 3 * 2);
  });

  it('an address holds at most its share, whoever orders from it; an account is capped wherever it orders from', async () => {
    const v = await freshVariant(app, 50);
    const office = { 'x-forwarded-for': '203.0.113.150' };
    const calls = await Promise.all(
      Array.from({ length: 4 }, () => shopper(app)).flatMap((s) =>
        Array.from({ length: 2 }, () => order(s, { items: [{ ext_id: v.ext_id, quantity: 1 }] }, office)),
      ),
    );
    expect(calls.filter((c) => c.status === 200)).toHaveLength(5);
    expect(await stockOf(app, v.ext_id)).toBe(45);
    // A shopper of that address with no order at all is told about the address, not about orders of theirs.
    const stranger = await order(shopper(app), { items: [{ ext_id: v.ext_id, quantity: 1 }] }, office);
    expect([stranger.status, stranger.body]).toEqual([409, { message: UNPAID_MESSAGES.tooManyFromAddress }]);
    expect(JSON.stringify(stranger.body)).not.toMatch(/У вас/);

    const user = await createUser(app);
    for (let i = 0; i < 3; i++) {
      const from = shopper(app, user.token); // a new address each time
      expect((await order(from, { items: [{ ext_id: v.ext_id, quantity: 1 }] })).status).toBe(200);
    }
    const fourth = await order(shopper(app, user.token), { items: [{ ext_id: v.ext_id, quantity: 1 }] });
    expect([fourth.status, fourth.body]).toEqual([409, { message: UNPAID_MESSAGES.tooMany(3) }]);
  });

  it('a paid order does not count: the buyer may order again', async () => {
    const s = shopper(app);
    const first = [await placePickupOrder(app, s, 1000), await placePickupOrder(app, s, 1000), await placePickupOrder(app, s, 1000)];
    const v = await freshVariant(app, 5);
    expect((await order(s, { items: [{ ext_id: v.ext_id, quantity: 1 }] })).status).toBe(409);
    const pay = await s.call('POST', '/api/v1/order_payment/', { guid: first[0].guid });
    await s.call('POST', `${pay.body.payment_url}/pay`, '', FORM);
    expect((await orderRow(first[0].guid)).payment_status).toBe('paid');
    expect((await order(s, { items: [{ ext_id: v.ext_id, quantity: 1 }] })).status).toBe(200);
  });

  it('the order page and the mail say until when the goods are held; the buyer is reminded once before', async () => {
    const s = shopper(app);
    const o = await placePickupOrder(app, s, 2000);
    const info = (await s.call('POST', '/api/v1/get_order_info/', { guid: o.guid })).body.order_info;
    expect(new Date(info.pay_until).getTime() - new Date(info.created_at).getTime()).toBe(45 * 60_000);
    const [mail] = await app.db.query<{ body_text: string }>(
      `select body_text from mail_outbox where kind = 'order_confirmation' and body_text like $1`,
      [`%${o.guid}%`],
    );
    expect(mail.body_text).toMatch(/Оплатите заказ до \d+ [а-я]+ в \d\d:\d\d \(мск\)/);

    await deadlineIn(o.guid, 30); // more than a quarter of the hold away: not yet
    expect(await remindUnpaidOrders(app.db, app.config, app.config.publicUrl)).toBe(0);
    await deadlineIn(o.guid, 10);
    expect(await remindUnpaidOrders(app.db, app.config, app.config.publicUrl)).toBeGreaterThanOrEqual(1);
    expect(await remindUnpaidOrders(app.db, app.config, app.config.publicUrl)).toBe(0);
    const reminders = await app.db.query<{ body_text: string }>(
      `select body_text from mail_outbox where kind = 'payment_reminder' and body_text like $1`,
      [`%${o.guid}%`],
    );
    expect(reminders).toHaveLength(1);
    expect(reminders[0].body_text).toContain('к оплате 2');
  });

  it('cancels an unpaid order past its deadline once, giving back what it took; paid and timely orders stay', async () => {
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
    const stale = await placePickupOrder(app, buyer, 5000, { quantity: 2, promo_code: 'LETO10', bonus: 800, gift_card: 'HK-500' });
    expect(await stockOf(app, stale.ext_id)).toBe(8);
    expect(await promoUses()).toBe(usesBefore + 1);
    expect(await cardBalance('HK-500')).toBe(0);
    expect((await buyer.call('GET', '/api/v1/bonus/')).body.balance).toBe(200);
    const payment = await buyer.call('POST', '/api/v1/order_payment/', { guid: stale.guid });
    expect(payment.status).toBe(200);

    const timely = await placePickupOrder(app, shopper(app), 2000);
    const paid = await placePickupOrder(app, shopper(app), 3000);
    await app.db.query(`update orders set payment_status = 'paid', status = 'paid', paid_at = now() where guid = $1`, [paid.guid]);
    await deadlineIn(stale.guid, -1);
    await deadlineIn(paid.guid, -100);

    expect((await expireUnpaidOrders(app.db, { provider: app.payments, publicUrl: app.config.publicUrl })).cancelled).toBe(1);
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
    expect([again.status, again.body]).toEqual([409, { message: 'Заказ отменён' }]);
    const byCard = await buyer.call('POST', '/api/v1/giftcardpayment/', { guid: stale.guid, code: 'HK-500' }, { 'idempotency-key': key() });
    expect(byCard.status).toBe(409);
    const info = await buyer.call('POST', '/api/v1/get_order_info/', { guid: stale.guid });
    expect(info.body).toMatchObject({
      order_info: { status: 'cancelled', pay_until: null, history: [{ status: 'new' }, { status: 'cancelled' }] },
    });

    expect(await orderRow(timely.guid)).toMatchObject({ status: 'new', payment_status: 'unpaid' });
    expect(await orderRow(paid.guid)).toMatchObject({ status: 'paid' });
    expect(await stockOf(app, timely.ext_id)).toBe(9);

    // A second pass gives nothing back twice.
    expect((await expireUnpaidOrders(app.db, { provider: app.payments, publicUrl: app.config.publicUrl })).cancelled).toBe(0);
    expect(await stockOf(app, stale.ext_id)).toBe(10);
    expect(await cardBalance('HK-500')).toBe(500);
    expect((await historyOf(stale.guid)).length).toBe(2);
  });
});
