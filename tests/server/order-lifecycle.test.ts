// The order's lifecycle (server/orders/lifecycle.ts), on every backend: the database holds exactly the
// statuses the lifecycle names (its CHECK constraints are compared with the unions, and no trigger pushes
// on a status behind its back); a change follows the transition table or is refused in Russian; each change is recorded with who
// made it and from what, and the buyer is mailed once for the ones they are told of; the API answers each
// status with its Russian name. And the property: random baskets placed (with promo codes, bonus points and
// gift cards), some of them paid, and then cancelled give back stock, promo uses, points and card money
// exactly; a paid one's card money is refunded through the provider.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { ORDER_STATUS_CODES, PAYMENT_STATUS_CODES } from '../../common/order-status.ts';
import { formatPrice } from '../../common/money.ts';
import { advance, cancel, pay, SYSTEM, type Actor } from '../../server/orders/lifecycle.ts';
import { orderByGuid } from '../../server/orders/orders-sql.ts';
import { backends, startApp } from './harness.ts';
import { carryOutRefunds } from '../../server/payments/refunds.ts';
import { BUYER, city, createUser, FORM, freshVariant, placePickupOrder, shopper, stockOf } from './shop-helpers.ts';
import { prng } from '../support/prng.ts';

/** The quoted values of a constraint's or trigger's definition, sorted. */
const listed = (def: string) => [...def.matchAll(/'([^']+)'/g)].map((m) => m[1]).sort();
const sorted = (xs: readonly string[]) => [...xs].sort();

const MANAGER: Actor = { kind: 'manager', id: null };

describe.each(backends)('the order lifecycle on $name', (backend) => {
  let app: FastifyInstance;
  let moscow: { city_id: number; region_id: number };
  beforeAll(async () => {
    app = await startApp(backend);
    moscow = await city(app, 'Москва');
  });
  afterAll(() => app?.close());

  const inTx = <T>(fn: Parameters<FastifyInstance['db']['transaction']>[0]) => app.db.transaction(fn) as Promise<T>;
  const history = async (guid: string) =>
    app.db.query<{ status: string; from_status: string | null; actor: string; comment: string }>(
      `select h.status, h.from_status, h.actor, h.comment from order_status_history h join orders o on o.id = h.order_id
        where o.guid = $1 order by h.id`,
      [guid],
    );
  const statusMails = async (guid: string) =>
    app.db.query<{ subject: string }>(`select subject from mail_outbox where kind = 'order_status' and body_text like $1 order by id`, [
      `%${guid}%`,
    ]);

  it('the database holds exactly the statuses the lifecycle names, and no trigger of its own pushes on them', async () => {
    const checks = await app.db.query<{ name: string; def: string }>(
      `select conname as name, pg_get_constraintdef(oid) as def from pg_constraint
        where contype = 'c' and conrelid in ('orders'::regclass, 'order_status_history'::regclass)`,
    );
    const def = (name: string) => listed(checks.find((c) => c.name === name)?.def ?? '');
    expect(def('orders_status_known')).toEqual(sorted(ORDER_STATUS_CODES));
    expect(def('order_status_history_status_known')).toEqual(sorted(ORDER_STATUS_CODES));
    expect(def('order_status_history_from_known')).toEqual(sorted(ORDER_STATUS_CODES));
    expect(def('orders_payment_status_check')).toEqual(sorted(PAYMENT_STATUS_CODES));
    // The buyer's push is the lifecycle's to write, beside the mail: no trigger on the status writes one of its own.
    expect(await app.db.query(`select 1 from pg_trigger where tgname = 'orders_status_push'`)).toEqual([]);
    const o = await placePickupOrder(app, shopper(app), 1000);
    await expect(app.db.query(`update orders set status = 'lost' where guid = $1`, [o.guid])).rejects.toThrow();
  });

  it('follows the transition table: each change recorded with who made it and from what, the buyer mailed once', async () => {
    const o = await placePickupOrder(app, shopper(app), 2500);
    expect(await inTx(async (tx) => pay(tx, (await orderByGuid(tx, o.guid, true))!, SYSTEM, 'Оплачено: тест', app.config.publicUrl))).toBe(
      true,
    );
    // The provider's word again changes nothing, and tells nobody twice.
    expect(await inTx(async (tx) => pay(tx, (await orderByGuid(tx, o.guid, true))!, SYSTEM, 'ещё раз', app.config.publicUrl))).toBe(false);
    await inTx(async (tx) => advance(tx, (await orderByGuid(tx, o.guid, true))!, 'assembling', MANAGER, '', app.config.publicUrl));
    await inTx(async (tx) => advance(tx, (await orderByGuid(tx, o.guid, true))!, 'shipped', MANAGER, 'СДЭК 1234', app.config.publicUrl));
    const refused = inTx(async (tx) => cancel(tx, (await orderByGuid(tx, o.guid, true))!, MANAGER, 'передумали', app.config.publicUrl));
    await expect(refused).rejects.toThrow('Заказ в статусе «Передан в доставку» нельзя перевести в статус «Отменён»');
    const skipping = inTx(async (tx) =>
      advance(tx, (await orderByGuid(tx, o.guid, true))!, 'assembling', MANAGER, '', app.config.publicUrl),
    );
    await expect(skipping).rejects.toThrow('нельзя перевести в статус «Собирается»');

    expect(await history(o.guid)).toEqual([
      { status: 'new', from_status: null, actor: 'shopper', comment: '' },
      { status: 'paid', from_status: 'new', actor: 'system', comment: 'Оплачено: тест' },
      { status: 'assembling', from_status: 'paid', actor: 'manager', comment: '' },
      { status: 'shipped', from_status: 'assembling', actor: 'manager', comment: 'СДЭК 1234' },
    ]);
    expect((await statusMails(o.guid)).map((m) => m.subject)).toEqual([
      `Заказ оплачен: заказ ${o.number} — Море и Мода`,
      `Заказ отправлен: заказ ${o.number} — Море и Мода`,
    ]);
    const info = (await shopper(app).call('POST', '/api/v1/get_order_info/', { guid: o.guid })).body.order_info;
    expect(info).toMatchObject({
      status: 'shipped',
      status_name: 'Передан в доставку',
      payment_status: 'paid',
      payment_status_name: 'Оплачен',
    });
    expect(info.history.map((h: { status_name: string }) => h.status_name)).toEqual([
      'Новый',
      'Оплачен',
      'Собирается',
      'Передан в доставку',
    ]);
  });

  it('a paid order cancelled before it leaves: card money refunded through the provider, accrued points and bought cards taken back', async () => {
    const user = await createUser(app);
    const s = shopper(app, user.token);
    const variant = await freshVariant(app, 10);
    await app.db.query('update products set price = 4000, old_price = null where id = $1', [variant.product_id]);
    await s.call('POST', '/api/v2/cart/', { ext_id: variant.ext_id, quantity: 2 });
    await s.call('POST', '/api/v2/cart/', { ext_id: 'GC-3000', quantity: 1 });
    const placedOrder = await s.call('POST', '/api/v2/order/', {
      buyer: BUYER,
      ...moscow,
      delivery_method: 'pickup',
      promo_code: 'LETO10',
    });
    expect(placedOrder.status).toBe(200);
    const { guid, number } = placedOrder.body as { guid: string; number: string };
    const [{ used }] = await app.db.query<{ used: number }>(`select used_count as used from promo_codes where code = 'LETO10'`);
    const url: string = (await s.call('POST', '/api/v1/order_payment/', { guid })).body.payment_url;
    await s.call('POST', `${url}/pay`, '', FORM);
    const points = async () =>
      (await app.db.query<{ n: number }>('select coalesce(sum(amount), 0)::int as n from bonus_ledger where user_id = $1', [user.id]))[0].n;
    expect(await points()).toBeGreaterThan(0);
    const [bought] = await app.db.query<{ code: string }>(
      'select c.code from gift_cards c join orders o on o.id = c.order_id where o.guid = $1',
      [guid],
    );
    await inTx(async (tx) => advance(tx, (await orderByGuid(tx, guid, true))!, 'assembling', MANAGER, '', app.config.publicUrl));

    // A bought card already spent from: the order cannot be cancelled (it comes back as a return).
    await app.db.query('update gift_cards set balance = balance - 100 where code = $1', [bought.code]);
    const refused = inTx(async (tx) => cancel(tx, (await orderByGuid(tx, guid, true))!, MANAGER, 'нет в наличии', app.config.publicUrl));
    await expect(refused).rejects.toThrow(`Подарочной картой ${bought.code} из этого заказа уже расплатились`);
    await app.db.query('update gift_cards set balance = balance + 100 where code = $1', [bought.code]);

    await inTx(async (tx) => cancel(tx, (await orderByGuid(tx, guid, true))!, MANAGER, 'нет в наличии', app.config.publicUrl));
    expect(await stockOf(app, variant.ext_id)).toBe(10);
    const [{ now }] = await app.db.query<{ now: number }>(`select used_count as now from promo_codes where code = 'LETO10'`);
    expect(now).toBe(used - 1);
    expect(await points()).toBe(0);
    expect((await s.call('POST', '/api/v1/check_card/', { code: bought.code })).status).not.toBe(200);
    const [order] = await app.db.query<{ status: string; payment_status: string; total: number }>(
      'select status, payment_status, total from orders where guid = $1',
      [guid],
    );
    expect([order.status, order.payment_status]).toEqual(['cancelled', 'refunding']);
    const [mail] = await statusMails(guid).then((ms) => ms.filter((m) => m.subject.startsWith('Заказ отменён')));
    expect(mail.subject).toBe(`Заказ отменён: заказ ${number} — Море и Мода`);
    const [last] = (await history(guid)).slice(-1);
    expect(last).toMatchObject({ status: 'cancelled', from_status: 'assembling', actor: 'manager' });
    expect(last.comment).toContain(`возвращается на банковскую карту, которой оплачен заказ: ${formatPrice(order.total)}`);

    // The test provider moved no money: its refund is done at once, by the orders' pass.
    expect(await carryOutRefunds(app.db, app.payments)).toEqual({ done: 1, waiting: 0 });
    const info = (await s.call('POST', '/api/v1/get_order_info/', { guid })).body.order_info;
    expect([info.status_name, info.payment_status_name]).toEqual(['Отменён', 'Деньги возвращены']);
  });

  it('random baskets placed and then cancelled give back stock, promo uses, points and card money exactly', async () => {
    const seed = Number(process.env.LIFECYCLE_SEED ?? Date.now() % 2 ** 31);
    const rnd = prng(seed);
    const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)];
    // Every basket costs at least 3 000 ₽, the dearest promo code's minimum, so each is placed as drawn.
    const pool = await Promise.all(Array.from({ length: 4 }, () => freshVariant(app, 60)));
    for (const v of pool)
      await app.db.query('update products set price = $2, old_price = null where id = $1', [v.product_id, 3000 + (v.id % 7) * 500]);

    const snapshot = async (userId: number, card: string | null) => {
      const stocks = await Promise.all(pool.map((v) => stockOf(app, v.ext_id)));
      const promos = await app.db.query<{ code: string; used_count: number }>(`select code, used_count from promo_codes order by code`);
      const [points] = await app.db.query<{ n: number }>(`select coalesce(sum(amount), 0)::int as n from bonus_ledger where user_id = $1`, [
        userId,
      ]);
      const [balance] = card
        ? await app.db.query<{ n: number }>('select balance as n from gift_cards where code = $1', [card])
        : [{ n: 0 }];
      return { stocks, promos, points: points.n, card: balance.n };
    };

    let cancelled = 0;
    for (let round = 0; round < 12; round++) {
      const user = await createUser(app);
      const points = pick([0, 300, 1500, 4000]);
      if (points) {
        await app.db.query(
          `insert into bonus_ledger (user_id, kind, amount, expires_at) values ($1, 'accrual', $2, now() + interval '30 days')`,
          [user.id, points],
        );
      }
      const cardBalance = pick([0, 400, 2500]);
      const card = cardBalance ? `PROP-${seed}-${round}` : null;
      if (card) {
        await app.db.query(`insert into gift_cards (code, initial, balance, expires_at) values ($1, $2, $2, now() + interval '1 year')`, [
          card,
          cardBalance,
        ]);
      }
      const s = shopper(app, user.token);
      for (let n = 1 + Math.floor(rnd() * 3); n > 0; n--) {
        await s.call('POST', '/api/v2/cart/', { ext_id: pick(pool).ext_id, quantity: 1 + Math.floor(rnd() * 3) });
      }
      const before = await snapshot(user.id, card);
      const promo = pick([undefined, 'LETO10', 'WELCOME500']);
      const placedOrder = await s.call('POST', '/api/v2/order/', {
        buyer: BUYER,
        ...moscow,
        delivery_method: pick(['pickup', 'courier']),
        address: 'ул. Петровка, д. 17',
        ...(promo ? { promo_code: promo } : {}),
        ...(points ? { bonus: pick([100, points]) } : {}),
        ...(card ? { gift_card: card } : {}),
      });
      expect(placedOrder.status, `seed ${seed}, round ${round}: ${JSON.stringify(placedOrder.body)}`).toBe(200);
      const { guid, due } = placedOrder.body as { guid: string; due: number };
      // Half the orders are paid by card first (an order that owes nothing is paid as it is placed): their
      // cancel also takes back the points the payment accrued and refunds the card.
      if (due > 0 && rnd() < 0.5) {
        const url: string = (await s.call('POST', '/api/v1/order_payment/', { guid })).body.payment_url;
        await s.call('POST', `${url}/pay`, '', FORM);
      }
      await inTx(async (tx) => cancel(tx, (await orderByGuid(tx, guid, true))!, SYSTEM, 'проверка', app.config.publicUrl));
      await carryOutRefunds(app.db, app.payments);
      const [after] = await app.db.query<{ payment_status: string }>('select payment_status from orders where guid = $1', [guid]);
      expect(after.payment_status, `seed ${seed}, round ${round}`).toMatch(/^(unpaid|refunded)$/);
      cancelled += 1;
      expect(await snapshot(user.id, card), `seed ${seed} (replay with LIFECYCLE_SEED=${seed}), round ${round}`).toEqual(before);
    }
    expect(cancelled).toBe(12);
  });
});
